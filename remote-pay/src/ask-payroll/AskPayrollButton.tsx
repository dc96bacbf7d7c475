// "Ask payroll about this" beside a payslip line: small and loaded with the page; the form it opens
// is a chunk of its own (AskPayrollPanel). Its name says which line, for those who hear it out of place.
import { askTexts } from './messages';
import './ask-payroll-button.css';

export type AskedLine = { lineName: string; linePence: number };

export function AskPayrollButton({ line, onAsk }: { line: AskedLine; onAsk: (line: AskedLine) => void }) {
  return (
    <button type="button" className="pay-ask__open ui-focus-ring" aria-label={askTexts.t('askAbout', { line: line.lineName })} onClick={() => onAsk(line)}>
      {askTexts.t('ask')}
    </button>
  );
}

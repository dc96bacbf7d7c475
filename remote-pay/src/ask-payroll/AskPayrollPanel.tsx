// Beside the payslip: the form for the line being asked about (when one is), the questions already
// asked about this payslip with their answers, and word that a question was sent. Loaded as a chunk
// of its own after the payslip page, so the page's first JavaScript stays as it was.
import { useEffect, useRef, useState } from 'react';
import type { Payslip } from '@portal/shared/api/types';
import type { PayrollQuestion } from '@portal/shared/api/payroll-questions';
import { Notice } from '@portal/shared/ui/Notice';
import type { AskedLine } from './AskPayrollButton';
import { AskForm } from './AskForm';
import { QuestionThread } from './QuestionThread';
import { useAddAskedQuestion, usePayslipQuestions } from './use-payslip-questions';
import { askTexts } from './messages';
import './ask-payroll.css';

export type AskPayrollPanelProps = { payslip: Payslip; asking: AskedLine | null; onClose: () => void };

export default function AskPayrollPanel({ payslip, asking, onClose }: AskPayrollPanelProps) {
  const questions = usePayslipQuestions(payslip.ID);
  const addAsked = useAddAskedQuestion();
  const [sent, setSent] = useState<PayrollQuestion | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  return (
    <div className="pay-ask">
      {asking ? (
        <AskForm
          key={`${asking.lineName}-${asking.linePence}`}
          payslip={payslip}
          line={asking}
          onSent={(question) => {
            addAsked(question);
            setSent(question);
            onClose();
          }}
          onCancel={onClose}
        />
      ) : null}
      {sent && !asking ? (
        <div ref={sentRef} tabIndex={-1}>
          <Notice tone="success" title={askTexts.t('sentTitle')} onDismiss={() => setSent(null)}>
            <p>{askTexts.t('sentText', { line: sent.lineName })}</p>
          </Notice>
        </div>
      ) : null}
      <QuestionThread questions={questions.data ?? []} />
    </div>
  );
}

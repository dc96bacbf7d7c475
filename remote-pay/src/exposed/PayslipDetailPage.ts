// Exposed to the host as 'remote_pay/PayslipDetailPage'.
import { loadPayInsightsTexts } from '@portal/shared/pay-insights/page-words';
import { loadPagePartsTexts } from '@portal/shared/react/page-parts-texts';
import { loadFormPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { askTexts } from '../ask-payroll/messages';
import { payslipTexts } from '../payslip-detail/messages';
import { explainedTexts } from '../payslip-explained/messages';
import { summaryTexts } from '../payslip-summary/messages';
import { whatChangedTexts } from '../what-changed/messages';

export { default } from '../payslip-detail/PayslipDetailPage';

/** The page's texts in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () =>
  Promise.all([
    payslipTexts.load(),
    explainedTexts.load(),
    summaryTexts.load(),
    whatChangedTexts.load(),
    askTexts.load(),
    loadPagePartsTexts(),
    loadFormPartsTexts(),
    loadPayInsightsTexts(),
  ]);

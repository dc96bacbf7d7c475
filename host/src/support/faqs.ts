// The five FAQ entries (spec section 9), written for a UK employee.
export type Faq = { question: string; answer: string };

export const FAQS: readonly Faq[] = [
  {
    question: 'How do I link my account to my employer?',
    answer:
      'Choose "Link to your employer" on the set-up screen and send yourself a linking code. We send a 6-digit code to the email address or mobile number your employer holds for you. Enter it within 10 minutes, then confirm your National Insurance number, the last 4 digits of the bank account you are paid into and your date of birth.',
  },
  {
    question: 'Why can I not see my latest payslip?',
    answer:
      'Payslips appear once your employer has run payroll, usually a few days before pay day. If pay day has passed and your payslip is still missing, ask your payroll or HR team to check that it was published to the portal.',
  },
  {
    question: 'What is a P60 and when do I get it?',
    answer:
      'A P60 shows the pay you received and the Income Tax and National Insurance taken from it in a tax year (6 April to 5 April). Your employer must give you one by 31 May if you are working for them on 5 April. Keep it: you may need it to claim back overpaid tax or to prove your income.',
  },
  {
    question: 'What are a P45 and a P11D?',
    answer:
      'You get a P45 when you leave a job: it shows your pay and tax to date so that your next employer can tax you correctly. A P11D lists benefits in kind, such as a company car or private medical insurance, that your employer reported to HMRC for the tax year.',
  },
  {
    question: 'How do I change my name, address or National Insurance number?',
    answer:
      'Open Settings, then Profile, and edit the detail you need. Changes apply to every employer you are linked to. If your tax code looks wrong, contact HMRC; your employer can only use the code HMRC gives them.',
  },
];

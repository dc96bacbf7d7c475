// The five FAQ entries (spec section 9), written for a UK employee.
export type Faq = { question: string; answer: string };

export const FAQS: readonly Faq[] = [
  {
    question: 'How do I link my account to my employer?',
    answer:
      "On the set-up screen choose 'Link to your employer'. The screen shows the email address you signed in with (it asks for one only if it does not know it); choose 'Send linking code' and, if your employer has that email address for you, we email you a 6-digit linking code: it works once and expires after 10 minutes. Type it into the six boxes. If your employer sent you a text message with a link, open that link first and the linking code comes to your mobile by text instead. Then choose 'Confirm your information' and give your National Insurance number, the last 4 digits of the bank account you are paid into and your date of birth. To link another employer later, choose 'Add company' or 'Change company' in the menu.",
  },
  {
    question: 'Why can I not see my latest payslip?',
    answer:
      "Payslips appear once your employer has run payroll, usually a few days before pay day. If you work for more than one employer, the portal shows one at a time: check the employer's name at the top of the page and choose 'Change company' in the menu to switch. If pay day has passed and your payslip is still missing, ask your payroll or HR team to check that it was published to the portal.",
  },
  {
    question: 'What is a P60 and when do I get it?',
    answer:
      "A P60 shows the pay you received and the Income Tax and National Insurance taken from it in a tax year (6 April to 5 April). Your employer must give you one by 31 May if you are working for them on 5 April. Once your employer has published it, it is under 'P60s' in the menu. Keep it: you may need it to claim back overpaid tax or to prove your income.",
  },
  {
    question: 'What are a P45 and a P11D?',
    answer:
      "You get a P45 when you leave a job: it shows your pay and tax to date so that your next employer can tax you correctly. A P11D lists benefits in kind, such as a company car or private medical insurance, that your employer reported to HMRC for the tax year. When your employer has published them, they are under 'P45s' and 'P11Ds' in the menu.",
  },
  {
    question: 'How do I change my name or other personal details?',
    answer:
      "Open Settings, then Profile. There you can change your name, email address, mobile number, date of birth and National Insurance number; each change applies to all the employers you work for now. The portal does not hold your home address: to change it, tell your employer's payroll or HR team. If your tax code looks wrong, contact HMRC; your employer can only use the code HMRC gives them.",
  },
];

import { useId, useState } from 'react';
import { paths } from '@portal/shared/paths';
import { BackLink } from '@portal/shared/ui/BackLink';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { FAQS } from './faqs';

function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <li className="host-faq">
      <h2 className="host-faq__question">
        <button type="button" aria-expanded={open} aria-controls={answerId} onClick={() => setOpen(!open)}>
          {question}
        </button>
      </h2>
      <div id={answerId} className="host-faq__answer" hidden={!open}>
        <p>{answer}</p>
      </div>
    </li>
  );
}

/** An accordion of five questions; each answer expands and collapses on tap. */
export function FaqsPage() {
  return (
    <section>
      <BackLink to={paths.support.path} />
      <PageHeading>Frequently asked questions</PageHeading>
      <ul className="host-faqs">
        {FAQS.map((faq) => (
          <FaqItem key={faq.question} {...faq} />
        ))}
      </ul>
    </section>
  );
}

// The questions asked about this payslip, oldest first, each with the payroll team's answer or a
// note that it is waiting for one.
import { useId } from 'react';
import type { PayrollQuestion } from '@portal/shared/api/payroll-questions';
import { formatMoney } from '@portal/shared/format';
import { formatLondonDay } from '@portal/shared/london-time';
import { askTexts } from './messages';

export function QuestionThread({ questions }: { questions: readonly PayrollQuestion[] }) {
  const headingId = useId();
  if (questions.length === 0) return null;
  return (
    <section className="pay-card pay-ask__thread" aria-labelledby={headingId}>
      <h2 id={headingId} className="pay-card__heading">
        {askTexts.t('threadHeading')}
      </h2>
      <ol className="pay-ask__list">
        {questions.map((question) => (
          <li key={question.id} className="pay-ask__item">
            <p className="pay-ask__about">
              {askTexts.t('about', { line: question.lineName, amount: formatMoney(question.linePence / 100), date: formatLondonDay(question.askedAt) })}
            </p>
            <p className="pay-ask__question">{question.question}</p>
            {question.answer !== null && question.answeredAt !== null ? (
              <div className="pay-ask__answer">
                <p className="pay-ask__answered">{askTexts.t('answered', { date: formatLondonDay(question.answeredAt) })}</p>
                <p>{question.answer}</p>
              </div>
            ) : (
              <p className="pay-ask__waiting">{askTexts.t('waiting')}</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

// The employer's payroll questions: the open ones first, each with a form to answer it, then the
// answered ones with their answers.
import type { ConsoleEmployer } from '@portal/shared/api/employer-console';
import type { EmployerQuestion } from '@portal/shared/api/payroll-questions';
import { formatLongDate, formatMoney } from '@portal/shared/format';
import { useState } from 'react';
import { Notice } from '@portal/shared/ui/Notice';
import { Spinner } from '@portal/shared/ui/Spinner';
import { useQuestions } from '../queries';
import { ConsoleError } from '../components/ConsoleError';
import { formatLondonTime } from '@portal/shared/london-time';
import { AnswerForm } from './AnswerForm';

function QuestionDetails({ question }: { question: EmployerQuestion }) {
  return (
    <dl className="employer-question__details">
      <dt>Employee</dt>
      <dd>
        {question.employeeName} ({question.employmentId})
      </dd>
      <dt>Payslip</dt>
      <dd>Paid {formatLongDate(question.payDate)}</dd>
      <dt>Line</dt>
      <dd>
        {question.lineName}: {formatMoney(question.linePence / 100)}
      </dd>
      <dt>Asked</dt>
      <dd>{formatLondonTime(question.askedAt)}</dd>
    </dl>
  );
}

export function QuestionList({ employer }: { employer: ConsoleEmployer }) {
  const questions = useQuestions(employer.id);
  const [answered, setAnswered] = useState<EmployerQuestion | null>(null);
  if (questions.isPending) return <Spinner label="Loading the questions…" />;
  if (questions.isError) return <ConsoleError title="The questions could not be loaded" error={questions.error} onRetry={() => void questions.refetch()} />;
  const open = questions.data.questions.filter((q) => q.answer === null);
  const done = questions.data.questions.filter((q) => q.answer !== null);
  return (
    <div className="employer-questions">
      <h2>Questions from employees</h2>
      <p>Employees ask about a line of their payslip. They are told when you answer, and read the answer beside the payslip.</p>
      {answered ? (
        <Notice tone="success" title="Answer sent" onDismiss={() => setAnswered(null)}>
          <p>
            {answered.employeeName} is told, and reads your answer about {answered.lineName} beside their payslip.
          </p>
        </Notice>
      ) : null}
      <section aria-labelledby="employer-questions-open">
        <h3 id="employer-questions-open">Waiting for an answer ({open.length})</h3>
        {open.length === 0 ? <p>No questions are waiting for an answer.</p> : null}
        <ul className="employer-questions__list">
          {open.map((question) => (
            <li key={question.id} className="employer-question">
              <QuestionDetails question={question} />
              <blockquote className="employer-question__text">{question.question}</blockquote>
              <AnswerForm employerId={employer.id} question={question} onAnswered={setAnswered} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="employer-questions-answered">
        <h3 id="employer-questions-answered">Answered ({done.length})</h3>
        {done.length === 0 ? <p>No questions have been answered yet.</p> : null}
        <ul className="employer-questions__list">
          {done.map((question) => (
            <li key={question.id} className="employer-question">
              <QuestionDetails question={question} />
              <blockquote className="employer-question__text">{question.question}</blockquote>
              <p className="employer-question__answer">
                <strong>Answered {formatLondonTime(question.answeredAt!)}:</strong> {question.answer}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

// The answer to one question: 1 to 2,000 characters once trimmed, checked before it is sent; a
// refused answer shows GOV.UK-style errors and keeps what was typed. Once answered, the list reloads
// (the question moves to the answered ones) and the list says so.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@portal/shared/query';
import { ANSWER_MAX_CHARS } from '@portal/shared/api/payroll-questions';
import type { EmployerQuestion } from '@portal/shared/api/payroll-questions';
import { answerQuestion } from '../api';
import { useRefreshEmployer } from '../queries';
import { ConsoleError } from '../components/ConsoleError';
import { ErrorSummary } from '@portal/shared/ui/ErrorSummary';
import { Field } from '../components/Field';

export function answerError(answer: string): string | null {
  const length = answer.trim().length;
  if (length === 0) return 'Enter your answer';
  if (length > ANSWER_MAX_CHARS) return `Your answer must be ${ANSWER_MAX_CHARS.toLocaleString('en-GB')} characters or fewer`;
  return null;
}

export function AnswerForm({
  employerId,
  question,
  onAnswered,
}: {
  employerId: string;
  question: EmployerQuestion;
  onAnswered: (question: EmployerQuestion) => void;
}) {
  const id = useId();
  const answerId = `${id}-answer`;
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const refresh = useRefreshEmployer();
  const send = useMutation({
    mutationFn: (text: string) => answerQuestion(employerId, question.id, { answer: text }),
    onSuccess: (answered) => {
      onAnswered(answered);
      void refresh(employerId, 'questions');
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = answerError(answer);
    setError(found);
    if (found) {
      setAttempt((value) => value + 1);
      return;
    }
    send.mutate(answer.trim());
  };

  return (
    <>
      <ErrorSummary errors={error ? [{ fieldId: answerId, message: error }] : []} attempt={attempt} />
      {send.isError ? <ConsoleError title="The answer was not sent" error={send.error} /> : null}
      <form noValidate onSubmit={submit} className="employer-form" aria-label={`Answer ${question.employeeName}’s question about ${question.lineName}`}>
        <Field id={answerId} label="Your answer" hint={`Up to ${ANSWER_MAX_CHARS.toLocaleString('en-GB')} characters.`} error={error}>
          {(control) => (
            <textarea
              {...control}
              className="employer-field__input ui-focus-ring"
              rows={4}
              aria-required="true"
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="ui-button ui-button--primary" aria-disabled={send.isPending || undefined}>
          {send.isPending ? 'Sending…' : 'Send answer'}
        </button>
      </form>
    </>
  );
}

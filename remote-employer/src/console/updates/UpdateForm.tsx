// An update to staff: its header (3 to 120 characters) and who it is from (1 to 60), checked before
// it is sent; refused input shows GOV.UK-style errors and keeps what was typed.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@portal/shared/query';
import type { ConsoleEmployer, StaffUpdateRequest } from '@portal/shared/api/employer-console';
import { UPDATE_FROM_MAX_LENGTH, UPDATE_FROM_MIN_LENGTH, UPDATE_HEADER_MAX_LENGTH, UPDATE_HEADER_MIN_LENGTH } from '@portal/shared/api/employer-console';
import { Notice } from '@portal/shared/ui/Notice';
import { postStaffUpdate } from '../api';
import { ConsoleError } from '../components/ConsoleError';
import { ErrorSummary, type SummaryError } from '@portal/shared/ui/ErrorSummary';
import { Field } from '../components/Field';

type Errors = { header?: string; from?: string };

export function updateErrors(header: string, from: string): Errors {
  const errors: Errors = {};
  const headerLength = header.trim().length;
  if (headerLength === 0) errors.header = 'Enter the update';
  else if (headerLength < UPDATE_HEADER_MIN_LENGTH) errors.header = `The update must be ${UPDATE_HEADER_MIN_LENGTH} characters or more`;
  else if (headerLength > UPDATE_HEADER_MAX_LENGTH) errors.header = `The update must be ${UPDATE_HEADER_MAX_LENGTH} characters or fewer`;
  const fromLength = from.trim().length;
  if (fromLength < UPDATE_FROM_MIN_LENGTH) errors.from = 'Enter who the update is from';
  else if (fromLength > UPDATE_FROM_MAX_LENGTH) errors.from = `Who it is from must be ${UPDATE_FROM_MAX_LENGTH} characters or fewer`;
  return errors;
}

export function UpdateForm({ employer }: { employer: ConsoleEmployer }) {
  const id = useId();
  const headerId = `${id}-header`;
  const fromId = `${id}-from`;
  const [header, setHeader] = useState('');
  const [from, setFrom] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [attempt, setAttempt] = useState(0);
  const [posted, setPosted] = useState<string | null>(null);
  const post = useMutation({
    mutationFn: (request: StaffUpdateRequest) => postStaffUpdate(employer.id, request),
    onSuccess: (_result, request) => {
      setPosted(request.header);
      setHeader('');
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (post.isPending) return;
    const found = updateErrors(header, from);
    setErrors(found);
    setPosted(null);
    if (found.header || found.from) {
      setAttempt((value) => value + 1);
      return;
    }
    post.mutate({ header: header.trim(), from: from.trim() });
  };

  const summary: SummaryError[] = [
    ...(errors.header ? [{ fieldId: headerId, message: errors.header }] : []),
    ...(errors.from ? [{ fieldId: fromId, message: errors.from }] : []),
  ];

  return (
    <div className="employer-updates">
      <h2 id={`${id}-heading`}>Post an update to staff</h2>
      <p>The update shows in the Recent updates of everyone employed by {employer.name} who uses the portal, newest first.</p>
      <ErrorSummary errors={summary} attempt={attempt} />
      {posted ? (
        <Notice tone="success" title="Update posted" onDismiss={() => setPosted(null)}>
          <p>Your employees see “{posted}” in their Recent updates.</p>
        </Notice>
      ) : null}
      {post.isError ? <ConsoleError title="The update was not posted" error={post.error} /> : null}
      <form noValidate onSubmit={submit} className="employer-form" aria-labelledby={`${id}-heading`}>
        <Field
          id={headerId}
          label="Update"
          hint={`One line, like “Payslips for March are ready”. Between ${UPDATE_HEADER_MIN_LENGTH} and ${UPDATE_HEADER_MAX_LENGTH} characters.`}
          error={errors.header}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              className="employer-field__input ui-focus-ring"
              autoComplete="off"
              aria-required="true"
              value={header}
              onChange={(event) => setHeader(event.target.value)}
            />
          )}
        </Field>
        <Field id={fromId} label="From" hint={`Who it is from, like “HR team”. Up to ${UPDATE_FROM_MAX_LENGTH} characters.`} error={errors.from}>
          {(control) => (
            <input
              {...control}
              type="text"
              className="employer-field__input ui-focus-ring"
              autoComplete="organization"
              aria-required="true"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="ui-button ui-button--primary" aria-disabled={post.isPending || undefined}>
          {post.isPending ? 'Posting…' : 'Post update'}
        </button>
      </form>
    </div>
  );
}

// A pay run from a file: the admin chooses the JSON or CSV their payroll exports, the API checks it
// (nothing published) and the preview shows the totals and every problem by row and field; "Publish
// pay run" is offered only when the file can be published, and the result says what changed.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@portal/shared/query';
import type { ConsoleEmployer, PayRunPreview } from '@portal/shared/api/employer-console';
import { PAY_RUN_UPLOAD_MAX_BYTES } from '@portal/shared/api/employer-console';
import { formatMoney } from '@portal/shared/format';
import { Notice } from '@portal/shared/ui/Notice';
import { payRunContentType, previewPayRun, publishPayRun } from '../api';
import { ConsoleError } from '../components/ConsoleError';
import { ErrorSummary } from '@portal/shared/ui/ErrorSummary';
import { Field } from '../components/Field';
import { useRefreshEmployer } from '../queries';
import { employeesCount, payslipsCount, problemsCount } from '../words';
import { megabytes, payRunFileError } from './upload-checks';

export function PayRunSection({ employer }: { employer: ConsoleEmployer }) {
  const id = useId();
  const fileId = `${id}-file`;
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const refresh = useRefreshEmployer();
  const preview = useMutation({
    mutationFn: (chosen: File) => previewPayRun(employer.id, chosen, payRunContentType(chosen.name) ?? 'application/json'),
  });
  const publish = useMutation({
    mutationFn: (uploadId: string) => publishPayRun(employer.id, uploadId),
    onSuccess: () => {
      preview.reset();
      void refresh(employer.id, 'audit');
    },
  });

  const choose = (files: FileList | null) => {
    setFile(files?.[0] ?? null);
    // A preview is of one file: another choice needs its own.
    preview.reset();
    publish.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (preview.isPending) return;
    const found = payRunFileError(file);
    setError(found);
    if (found || !file) {
      setAttempt((value) => value + 1);
      return;
    }
    publish.reset();
    preview.mutate(file);
  };

  return (
    <section className="employer-panel" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Publish a pay run</h3>
      <p>
        Upload the pay run file your payroll software exports: the JSON file of the import command, or a CSV export with one row per payslip. Each employee sees
        their payslip in the portal once it is published.
      </p>
      <ErrorSummary errors={error ? [{ fieldId: fileId, message: error }] : []} attempt={attempt} />
      {preview.isError ? <ConsoleError title="The pay run file could not be checked" error={preview.error} /> : null}
      <form noValidate onSubmit={submit} className="employer-form">
        <Field id={fileId} label="Pay run file" hint={`A .json or .csv file, ${megabytes(PAY_RUN_UPLOAD_MAX_BYTES)} at most.`} error={error}>
          {(control) => (
            <input
              {...control}
              type="file"
              className="employer-field__file ui-focus-ring"
              accept=".json,.csv,application/json,text/csv"
              aria-required="true"
              onChange={(event) => choose(event.target.files)}
            />
          )}
        </Field>
        <button type="submit" className="ui-button" aria-disabled={preview.isPending || undefined}>
          {preview.isPending ? 'Checking…' : 'Check the file'}
        </button>
      </form>

      {preview.isSuccess && file ? (
        <PayRunPreviewPanel
          fileName={file.name}
          preview={preview.data}
          publishing={publish.isPending}
          publishError={publish.error}
          onPublish={() => !publish.isPending && publish.mutate(preview.data.uploadId)}
        />
      ) : null}
      {publish.isSuccess ? (
        publish.data.unchanged ? (
          <Notice tone="success" title="Nothing changed">
            <p>This pay run was published with the same content before, so its payslips stay as they were.</p>
          </Notice>
        ) : (
          <Notice tone="success" title="Pay run published">
            <p>{payslipsCount(publish.data.payslips)} published. Employees see them in the portal now.</p>
          </Notice>
        )
      ) : null}
    </section>
  );
}

function PayRunPreviewPanel({
  fileName,
  preview,
  publishing,
  publishError,
  onPublish,
}: {
  fileName: string;
  preview: PayRunPreview;
  publishing: boolean;
  publishError: unknown;
  onPublish: () => void;
}) {
  const id = useId();
  const { totals, problems } = preview;
  return (
    <section className="employer-preview" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>Preview of {fileName}</h4>
      <dl className="employer-details">
        <dt>Format</dt>
        <dd>{preview.format === 'csv' ? 'CSV' : 'JSON'}</dd>
        <dt>Employees</dt>
        <dd>{totals.employees.toLocaleString('en-GB')}</dd>
        <dt>Gross pay</dt>
        <dd>{formatMoney(totals.grossPence / 100)}</dd>
        <dt>Net pay</dt>
        <dd>{formatMoney(totals.netPence / 100)}</dd>
      </dl>
      {problems.length === 0 ? (
        <p>No problems found: {employeesCount(totals.employees)} in this pay run.</p>
      ) : (
        <>
          <h4 id={`${id}-problems`}>{problemsCount(problems.length)} to correct</h4>
          <p>Correct these in your payroll software or in the file, then upload it again. Rows are counted from the first row of data.</p>
          <table className="ui-table employer-table" aria-labelledby={`${id}-problems`}>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Field</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {problems.map((problem, index) => (
                <tr key={index}>
                  <td>{problem.row ?? 'Whole file'}</td>
                  <td>{problem.field ?? '–'}</td>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {publishError ? <ConsoleError title="The pay run was not published" error={publishError} /> : null}
      {preview.alreadyPublished ? (
        <Notice tone="info" title="This pay run is published already">
          <p>Its payslips are in the portal. Publishing the same file again would change nothing.</p>
        </Notice>
      ) : (
        <>
          <button
            type="button"
            className="ui-button ui-button--primary"
            disabled={!preview.publishable}
            aria-describedby={preview.publishable ? undefined : `${id}-why`}
            aria-disabled={publishing || undefined}
            onClick={onPublish}
          >
            {publishing ? 'Publishing…' : 'Publish pay run'}
          </button>
          {preview.publishable ? null : (
            <p id={`${id}-why`} className="employer-field__hint">
              The pay run cannot be published until the file has no problems.
            </p>
          )}
        </>
      )}
    </section>
  );
}

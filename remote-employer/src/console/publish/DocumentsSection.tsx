// Documents in bulk: many PDFs (and, if their names do not follow the rule, a manifest CSV), checked by
// the API one by one (employee, type, tax year, a readable PDF), shown in a table, then published all
// together or not at all.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@portal/shared/query';
import type { ConsoleEmployer, DocumentPreviewFile, DocumentsPreview, DocumentsPublished } from '@portal/shared/api/employer-console';
import { BULK_DOCUMENT_TYPES, DOCUMENT_UPLOAD_MAX_BYTES, DOCUMENTS_UPLOAD_MAX_TOTAL_BYTES } from '@portal/shared/api/employer-console';
import { formatTaxYear } from '@portal/shared/format';
import { Notice } from '@portal/shared/ui/Notice';
import { previewDocuments, publishDocuments } from '../api';
import { ConsoleError } from '../components/ConsoleError';
import { ErrorSummary, type SummaryError } from '@portal/shared/ui/ErrorSummary';
import { Field } from '../components/Field';
import { useRefreshEmployer } from '../queries';
import { DOCUMENT_TYPE_WORDS, documentsCount, filesCount } from '../words';
import { documentFilesError, manifestError, megabytes } from './upload-checks';

type Errors = { files?: string; manifest?: string };

export function DocumentsSection({ employer }: { employer: ConsoleEmployer }) {
  const id = useId();
  const filesId = `${id}-files`;
  const manifestId = `${id}-manifest`;
  const [files, setFiles] = useState<File[]>([]);
  const [manifest, setManifest] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [attempt, setAttempt] = useState(0);
  const refresh = useRefreshEmployer();
  const preview = useMutation({ mutationFn: () => previewDocuments(employer.id, files, manifest) });
  const publish = useMutation({
    mutationFn: (uploadId: string) => publishDocuments(employer.id, uploadId),
    onSuccess: () => {
      preview.reset();
      void refresh(employer.id, 'audit');
    },
  });
  const changed = () => {
    preview.reset();
    publish.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (preview.isPending) return;
    const found: Errors = {};
    const filesProblem = documentFilesError(files);
    const manifestProblem = manifestError(manifest);
    if (filesProblem) found.files = filesProblem;
    if (manifestProblem) found.manifest = manifestProblem;
    setErrors(found);
    if (found.files || found.manifest) {
      setAttempt((value) => value + 1);
      return;
    }
    publish.reset();
    preview.mutate();
  };

  const summary: SummaryError[] = [
    ...(errors.files ? [{ fieldId: filesId, message: errors.files }] : []),
    ...(errors.manifest ? [{ fieldId: manifestId, message: errors.manifest }] : []),
  ];

  return (
    <section className="employer-panel" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Publish documents in bulk</h3>
      <p>Upload P60s, P45s, P11Ds and pension letters as PDF files, as many as you like at once.</p>
      <p>
        Name each file <code>&lt;employeeId&gt;_&lt;type&gt;_&lt;taxYear&gt;.pdf</code>: the employee ID as your payroll knows it, the type (one of{' '}
        {BULK_DOCUMENT_TYPES.join(', ')}) and the tax year it is for, like <code>E0042_P60_2025-26.pdf</code>. If your files are named otherwise, add a
        manifest: a CSV file with the columns <code>file,employeeId,type,taxYear,issuedOn</code> and one row for each PDF.
      </p>
      <ErrorSummary errors={summary} attempt={attempt} />
      {preview.isError ? <ConsoleError title="The files could not be checked" error={preview.error} /> : null}
      <form noValidate onSubmit={submit} className="employer-form">
        <Field
          id={filesId}
          label="PDF files"
          hint={`Each file ${megabytes(DOCUMENT_UPLOAD_MAX_BYTES)} at most, ${megabytes(DOCUMENTS_UPLOAD_MAX_TOTAL_BYTES)} in all.`}
          error={errors.files}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              multiple
              className="employer-field__file ui-focus-ring"
              accept=".pdf,application/pdf"
              aria-required="true"
              onChange={(event) => {
                setFiles(Array.from(event.target.files ?? []));
                changed();
              }}
            />
          )}
        </Field>
        <Field id={manifestId} label="Manifest (optional)" hint="A .csv file, only if the PDF files are not named as above." error={errors.manifest}>
          {(control) => (
            <input
              {...control}
              type="file"
              className="employer-field__file ui-focus-ring"
              accept=".csv,text/csv"
              onChange={(event) => {
                setManifest(event.target.files?.[0] ?? null);
                changed();
              }}
            />
          )}
        </Field>
        <button type="submit" className="ui-button" aria-disabled={preview.isPending || undefined}>
          {preview.isPending ? 'Checking…' : 'Check the files'}
        </button>
      </form>

      {preview.isSuccess ? (
        <DocumentsPreviewPanel
          preview={preview.data}
          publishing={publish.isPending}
          publishError={publish.error}
          onPublish={() => !publish.isPending && publish.mutate(preview.data.uploadId)}
        />
      ) : null}
      {publish.isSuccess ? (
        <Notice tone="success" title="Documents published">
          <p>{publishedWords(publish.data)} Employees see them in the portal now.</p>
        </Notice>
      ) : null}
    </section>
  );
}

/** '3 documents published.' or '1 document published; 2 documents were the same as before and did not change.' */
export function publishedWords({ published, unchanged }: DocumentsPublished): string {
  if (unchanged === 0) return `${documentsCount(published)} published.`;
  return `${documentsCount(published)} published; ${documentsCount(unchanged)} ${unchanged === 1 ? 'was' : 'were'} the same as before and did not change.`;
}

function employeeCell(file: DocumentPreviewFile): string {
  if (file.employeeName && file.employeeId) return `${file.employeeName} (${file.employeeId})`;
  return file.employeeName ?? file.employeeId ?? '–';
}

function DocumentsPreviewPanel({
  preview,
  publishing,
  publishError,
  onPublish,
}: {
  preview: DocumentsPreview;
  publishing: boolean;
  publishError: unknown;
  onPublish: () => void;
}) {
  const id = useId();
  const withProblem = preview.files.filter(({ problem }) => problem !== null).length;
  const heading =
    withProblem === 0
      ? `${filesCount(preview.files.length)} checked, no problems`
      : `${withProblem} of ${filesCount(preview.files.length)} ${withProblem === 1 ? 'has a problem' : 'have a problem'}`;
  return (
    <section className="employer-preview" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>{heading}</h4>
      {withProblem > 0 ? <p>Nothing is published while any file has a problem. Correct or leave out those files, then upload them again.</p> : null}
      <table className="ui-table employer-table">
        <caption className="ui-visually-hidden">Files checked</caption>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Employee</th>
            <th scope="col">Type</th>
            <th scope="col">Tax year</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {preview.files.map((file, index) => (
            <tr key={`${file.name}-${index}`}>
              <td>{file.name}</td>
              <td>{employeeCell(file)}</td>
              <td>{file.type ? DOCUMENT_TYPE_WORDS[file.type] : '–'}</td>
              <td>{file.taxYear ? formatTaxYear(file.taxYear) : '–'}</td>
              <td>{file.problem ?? 'None'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {publishError ? <ConsoleError title="The documents were not published" error={publishError} /> : null}
      <button
        type="button"
        className="ui-button ui-button--primary"
        disabled={!preview.publishable}
        aria-describedby={preview.publishable ? undefined : `${id}-why`}
        aria-disabled={publishing || undefined}
        onClick={onPublish}
      >
        {publishing ? 'Publishing…' : 'Publish documents'}
      </button>
      {preview.publishable ? null : (
        <p id={`${id}-why`} className="employer-field__hint">
          The documents cannot be published until every file is ready.
        </p>
      )}
    </section>
  );
}

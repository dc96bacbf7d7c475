// The lender's page, /verify: a plain form (the code, the PDF) that works with no script, and the one
// answer a check gives. The answer says only whether the pay portal issued the pack and whether the
// file is the one it issued, with the date it was made: the PDF in the lender's hands is the record of
// the pay, so nothing of it (names, employer, figures) is repeated here, and someone who has only a
// code, without the file, learns no more than a date.
import { errorSummary, escapeHtml, fieldErrorMessage, input, layout } from '../http/pages';
import type { FieldError } from '../http/pages';
import { PACK_CHECK_PATH } from '../files/proof-of-income/pack-code';
import { britishDate } from '../files/format';
import { londonIsoDate } from '../london-date';
import type { PackCheckResult } from './check-pack';
import { PACK_UPLOAD_MAX_BYTES } from './limits';

export const PACK_CODE_FIELD = 'code';
export const PACK_FILE_FIELD = 'pack';
const PORTAL = 'the pay portal';
const MAX_MB = PACK_UPLOAD_MAX_BYTES / (1024 * 1024);

/** The answer to one check, in the words the page shows it. */
export function resultWords(result: PackCheckResult): { heading: string; detail: string } {
  switch (result.result) {
    case 'genuine':
      return {
        heading: `Genuine and unchanged: issued by ${PORTAL} on ${britishDate(londonIsoDate(new Date(result.issuedAt)))}`,
        detail: 'This file is exactly the proof of income the pay portal made. The pay it shows is as the employer published it on that day.',
      };
    case 'changed':
      return {
        heading: 'The code is genuine but this file has been changed since it was issued',
        detail: 'Do not rely on this file. Ask the person for the proof of income as they downloaded it, or to download a new one.',
      };
    case 'unknown':
      return {
        heading: 'We cannot find this code',
        detail:
          'Check the code against the foot of any page of the PDF. A proof of income can no longer be checked once the person has closed their pay portal account.',
      };
  }
}

function resultPanel(result: PackCheckResult): string {
  const { heading, detail } = resultWords(result);
  return `<div class="notice" role="status" id="result">
<h2>${escapeHtml(heading)}</h2>
<p>${escapeHtml(detail)}</p>
</div>`;
}

function fileInput(errors: FieldError[]): string {
  const error = errors.find((e) => e.field === PACK_FILE_FIELD);
  const describedBy = [`${PACK_FILE_FIELD}-hint`, error ? `${PACK_FILE_FIELD}-error` : ''].filter(Boolean).join(' ');
  return `<label for="${PACK_FILE_FIELD}">The proof of income PDF</label>
<span class="hint" id="${PACK_FILE_FIELD}-hint">The file exactly as you were given it, up to ${MAX_MB} MB.</span>
${error ? fieldErrorMessage(`${PACK_FILE_FIELD}-error`, error.message) : ''}
<input id="${PACK_FILE_FIELD}" name="${PACK_FILE_FIELD}" type="file" accept="application/pdf,.pdf" required aria-required="true"${error ? ' aria-invalid="true"' : ''} aria-describedby="${describedBy}">`;
}

export type CheckPageState = { errors?: FieldError[]; code?: string; result?: PackCheckResult };

export function packCheckPage({ errors = [], code, result }: CheckPageState = {}): string {
  return layout(
    'Check a proof of income',
    `${errorSummary(errors)}
<h1>Check a proof of income</h1>
${result ? resultPanel(result) : ''}
<p>Every proof of income made by the pay portal has a verification code at the foot of each page. Enter the code and choose the PDF you were given: we tell you whether we issued it and whether the file has been changed since.</p>
<p>You do not need an account. We show nothing of the person or their pay: the PDF is the record.</p>
<form method="post" action="${PACK_CHECK_PATH}" enctype="multipart/form-data" novalidate>
${input({
  name: PACK_CODE_FIELD,
  label: 'Verification code',
  hint: 'At the foot of each page: 16 letters and numbers, like ABCD-EFGH-JKLM-NPQR.',
  autocomplete: 'off',
  value: result ? undefined : code,
  required: true,
  errors,
})}
${fileInput(errors)}
<button type="submit">${result ? 'Check another proof of income' : 'Check the proof of income'}</button>
</form>`,
    { footer: '<a href="/">Go to the pay portal</a>' },
  );
}

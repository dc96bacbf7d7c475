// Server-rendered pages of the sign-in service: one accessible layout, escaped text everywhere.
import { SHOW_PASSWORD_MARKER, showPasswordScriptTag, usesShowPassword } from './show-password';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f6f2f5;color:#1f1a1d;line-height:1.5}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 10px rgba(0,0,0,.08)}
h1{font-size:1.6rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin-top:1rem}
.hint{display:block;font-weight:400;color:#555;font-size:.9rem}
input{display:block;width:100%;padding:.6rem;margin-top:.3rem;font-size:1rem;border:2px solid #6b6b6b;border-radius:6px}
input:focus,button:focus,a:focus{outline:3px solid #ffbf47;outline-offset:2px}
input[aria-invalid=true]{border-color:#b00020}
.field-error{display:block;color:#b00020;font-weight:600;margin-top:.2rem}
button{margin-top:1.5rem;width:100%;padding:.75rem;font-size:1rem;font-weight:600;color:#fff;background:#a3226f;border:0;border-radius:6px;cursor:pointer}
.error-summary{border:3px solid #b00020;padding:1rem;border-radius:8px;margin-bottom:1rem}
.error-summary h2{margin:0 0 .5rem;font-size:1.1rem}
.notice{border-left:4px solid #a3226f;padding:.5rem 1rem;background:#fbeef6}
a{color:#7a1553}
fieldset.date-input{border:0;padding:0;margin:1rem 0 0}
.date-input legend{font-weight:600;padding:0}
.date-input__boxes{display:flex;gap:1rem}
.date-input label{font-weight:400;margin-top:.3rem}
.date-input__item--day input,.date-input__item--month input{width:3.5rem}
.date-input__item--year input{width:5rem}
footer{max-width:28rem;margin:0 auto 3rem;padding:0 2rem;text-align:center}
.password-input{display:flex;gap:.5rem;align-items:stretch;margin-top:.3rem}
.password-input input{margin-top:0;flex:1 1 auto;min-width:0}
button.password-toggle{margin:0;width:auto;flex:0 0 auto;padding:.5rem .75rem;font-weight:600;color:#7a1553;background:#fff;border:2px solid #7a1553;border-radius:6px}
button.password-toggle[aria-pressed=true]{color:#fff;background:#7a1553}
button.password-toggle[hidden]{display:none}
.visually-hidden{position:absolute!important;width:1px!important;height:1px!important;margin:0!important;padding:0!important;overflow:hidden!important;clip:rect(0 0 0 0)!important;white-space:nowrap!important;border:0!important}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{font-weight:600}dd{margin:0}
`;

/**
 * Every sign-in page offers a way to help (issue 13, item 3): the portal's landing page has a
 * 'Need help?' section with the support phone number and email.
 */
export const SIGN_IN_HELP_FOOTER = '<a href="/#help">Help with signing in</a>';

export type LayoutOptions = {
  /** The footer's HTML (trusted, not escaped); null for none. Default: 'Help with signing in'. */
  footer?: string | null;
};

export function layout(title: string, body: string, { footer = SIGN_IN_HELP_FOOTER }: LayoutOptions = {}): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Pay portal</title>
<style>${STYLE}</style>
${usesShowPassword(body) ? showPasswordScriptTag : ''}
</head>
<body>
<main id="main">
${body}
</main>
${footer ? `<footer>${footer}</footer>` : ''}
</body>
</html>`;
}

export type FieldError = { field: string; message: string };

/** The error summary at the top of a form: announced, and each entry links to its field. */
export function errorSummary(errors: FieldError[]): string {
  if (errors.length === 0) return '';
  const items = errors.map((e) => `<li><a href="#${escapeHtml(e.field)}">${escapeHtml(e.message)}</a></li>`).join('');
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">There is a problem</h2>
<ul>${items}</ul>
</div>`;
}

export type InputOptions = {
  name: string;
  label: string;
  type?: string;
  value?: string;
  autocomplete?: string;
  hint?: string;
  required?: boolean;
  errors: FieldError[];
  inputmode?: string;
};

export function input(o: InputOptions): string {
  const error = o.errors.find((e) => e.field === o.name);
  const describedBy = [o.hint ? `${o.name}-hint` : '', error ? `${o.name}-error` : ''].filter(Boolean).join(' ');
  // The hint sits outside the label (announced through aria-describedby) so the field's name stays short.
  return `<label for="${o.name}">${escapeHtml(o.label)}</label>
${o.hint ? `<span class="hint" id="${o.name}-hint">${escapeHtml(o.hint)}</span>` : ''}
${error ? `<span class="field-error" id="${o.name}-error">${escapeHtml(error.message)}</span>` : ''}
<input id="${o.name}" name="${o.name}" type="${o.type ?? 'text'}"${o.value ? ` value="${escapeHtml(o.value)}"` : ''}${o.autocomplete ? ` autocomplete="${o.autocomplete}"` : ''}${o.inputmode ? ` inputmode="${o.inputmode}"` : ''}${o.required ? ' required aria-required="true"' : ''}${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}>`;
}

export type PasswordInputOptions = Omit<InputOptions, 'type' | 'value' | 'inputmode'>;

/**
 * A password field with a 'Show password' toggle beside it (hidden until the script runs: without
 * it the button would do nothing). A native button, so Tab, Enter and Space work as everywhere.
 */
export function passwordInput(o: PasswordInputOptions): string {
  const field = input({ ...o, type: 'password' });
  const at = field.lastIndexOf('<input ');
  return `${field.slice(0, at)}<div class="password-input">
${field.slice(at)}
<button type="button" class="password-toggle" ${SHOW_PASSWORD_MARKER} aria-controls="${o.name}" aria-pressed="false" data-status="${o.name}-visibility" hidden>Show password</button>
</div>
<span class="visually-hidden" id="${o.name}-visibility" aria-live="polite"></span>`;
}

export type DateInputOptions = {
  /** Its boxes are `${name}Day`, `${name}Month` and `${name}Year`; an error names `${name}Day`, the box the error summary links to. */
  name: string;
  legend: string;
  hint?: string;
  value?: { day?: string; month?: string; year?: string };
  errors: FieldError[];
};

/** Day, month and year boxes for a date (the GOV.UK date input): British order, no date picker. */
export function dateInput(o: DateInputOptions): string {
  const error = o.errors.find((e) => e.field === `${o.name}Day`);
  const describedBy = [o.hint ? `${o.name}-hint` : '', error ? `${o.name}-error` : ''].filter(Boolean).join(' ');
  const box = (part: 'Day' | 'Month' | 'Year', maxLength: number, autocomplete: string) => {
    const id = `${o.name}${part}`;
    const value = o.value?.[part.toLowerCase() as 'day' | 'month' | 'year'];
    return `<div class="date-input__item date-input__item--${part.toLowerCase()}"><label for="${id}">${part}</label>
<input id="${id}" name="${id}" type="text" inputmode="numeric" maxlength="${maxLength}" autocomplete="${autocomplete}"${value ? ` value="${escapeHtml(value)}"` : ''}${error ? ' aria-invalid="true"' : ''}></div>`;
  };
  return `<fieldset class="date-input" role="group"${describedBy ? ` aria-describedby="${describedBy}"` : ''}>
<legend>${escapeHtml(o.legend)}</legend>
${o.hint ? `<span class="hint" id="${o.name}-hint">${escapeHtml(o.hint)}</span>` : ''}
${error ? `<span class="field-error" id="${o.name}-error">${escapeHtml(error.message)}</span>` : ''}
<div class="date-input__boxes">
${box('Day', 2, 'bday-day')}
${box('Month', 2, 'bday-month')}
${box('Year', 4, 'bday-year')}
</div>
</fieldset>`;
}

export function hiddenInputs(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v!)}">`)
    .join('\n');
}

export function errorPage(status: number, message: string): string {
  return layout(
    'Something went wrong',
    `<h1>Sorry, that did not work</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>Error ${status}. <a href="/">Go to the portal home page</a>.</p>`,
  );
}

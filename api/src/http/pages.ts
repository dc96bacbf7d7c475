// Server-rendered pages of the sign-in service: one accessible layout, escaped text everywhere.
import { PAGE_STYLE } from './page-style';
import { SHOW_PASSWORD_MARKER, showPasswordScriptTag, usesShowPassword } from './show-password';
import { passkeyScriptTag, usesPasskeys } from './passkey-script';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/**
 * Every sign-in page offers a way to help: the portal's landing page has a
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
<style>${PAGE_STYLE}</style>
${usesShowPassword(body) ? showPasswordScriptTag : ''}
${usesPasskeys(body) ? passkeyScriptTag : ''}
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

/**
 * The error summary at the top of a form (GOV.UK's): announced, focused as the page opens
 * (`autofocus`, as these pages run no script of their own), and each entry links to its field.
 */
export function errorSummary(errors: FieldError[]): string {
  if (errors.length === 0) return '';
  const items = errors.map((e) => `<li><a href="#${escapeHtml(e.field)}">${escapeHtml(e.message)}</a></li>`).join('');
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">There is a problem</h2>
<ul>${items}</ul>
</div>`;
}

/** A field's own message, above its box; 'Error:' is read first, as GOV.UK does, but not shown. */
export function fieldErrorMessage(id: string, message: string): string {
  return `<span class="field-error" id="${id}"><span class="visually-hidden">Error: </span>${escapeHtml(message)}</span>`;
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
${error ? fieldErrorMessage(`${o.name}-error`, error.message) : ''}
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
${error ? fieldErrorMessage(`${o.name}-error`, error.message) : ''}
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

// Server-rendered pages of the sign-in service: one accessible layout, escaped text everywhere, in
// English or Welsh (messages/en.json and messages/cy.json; each page's own words are its module's).
import { serverCatalog } from '../languages/catalog';
import type { Language } from '../languages/language';
import cy from './messages/cy.json';
import en from './messages/en.json';
import { PAGE_STYLE } from './page-style';
import { SHOW_PASSWORD_MARKER, showPasswordScriptTag, usesShowPassword } from './show-password';
import { passkeyScriptTag, usesPasskeys } from './passkey-script';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

const kitTexts = serverCatalog<keyof typeof en>({ en, cy });

/** The kit's own words in a language: the title, the error summary, 'Show password', the date boxes. */
export const pageKitTexts = kitTexts;

/**
 * A text with HTML in its placeholders (a link, a bold address): the words are escaped, the given
 * HTML is not, wherever the language puts it.
 */
export function htmlText(text: (values: Record<string, string>) => string, html: Record<string, string>): string {
  const markers = Object.fromEntries(Object.keys(html).map((name, i) => [name, `\u0000${i}\u0000`]));
  let escaped = escapeHtml(text(markers));
  Object.keys(html).forEach((name, i) => (escaped = escaped.split(`\u0000${i}\u0000`).join(html[name]!)));
  return escaped;
}

/**
 * Every sign-in page offers a way to help: the portal's landing page has a
 * 'Need help?' section with the support phone number and email.
 */
export const signInHelpFooter = (language: Language = 'en') => `<a href="/#help">${escapeHtml(kitTexts(language)('helpWithSigningIn'))}</a>`;

/**
 * Where the language switch goes, naming the page's language (http/language-switch.ts fills it in as
 * the page is sent): a page written in both languages marks its place; a page in English alone has none.
 */
export const languageSwitchMarker = (language: Language) => `<!--language-switch:${language}-->`;

export type LayoutOptions = {
  /** The footer's HTML (trusted, not escaped); null for none. Default: 'Help with signing in'. */
  footer?: string | null;
  /**
   * The page's language: its words, `<html lang>` and the switch to the other one. A page that gives
   * none is in English alone, and has no switch.
   */
  language?: Language;
  /** The title says there is an error ('Error: Sign in'), as GOV.UK's pages do. */
  hasErrors?: boolean;
};

const HTML_LANG: Record<Language, string> = { en: 'en-GB', cy: 'cy-GB' };

export function layout(title: string, body: string, { footer, language: given, hasErrors = false }: LayoutOptions = {}): string {
  const language = given ?? 'en';
  const t = kitTexts(language);
  const shown = hasErrors ? t('errorTitle', { title }) : title;
  const foot = footer === undefined ? signInHelpFooter(language) : footer;
  return `<!doctype html>
<html lang="${HTML_LANG[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('pageTitle', { title: shown }))}</title>
<style>${PAGE_STYLE}</style>
${usesShowPassword(body) ? showPasswordScriptTag : ''}
${usesPasskeys(body) ? passkeyScriptTag : ''}
</head>
<body>
${given ? languageSwitchMarker(given) : ''}
<main id="main">
${body}
</main>
${foot ? `<footer>${foot}</footer>` : ''}
</body>
</html>`;
}

export type FieldError = { field: string; message: string };

/**
 * The error summary at the top of a form (GOV.UK's): announced, focused as the page opens
 * (`autofocus`, as these pages run no script of their own), and each entry links to its field.
 */
export function errorSummary(errors: FieldError[], language: Language = 'en'): string {
  if (errors.length === 0) return '';
  const items = errors.map((e) => `<li><a href="#${escapeHtml(e.field)}">${escapeHtml(e.message)}</a></li>`).join('');
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">${escapeHtml(kitTexts(language)('thereIsAProblem'))}</h2>
<ul>${items}</ul>
</div>`;
}

/** A field's own message, above its box; 'Error:' is read first, as GOV.UK does, but not shown. */
export function fieldErrorMessage(id: string, message: string, language: Language = 'en'): string {
  return `<span class="field-error" id="${id}"><span class="visually-hidden">${escapeHtml(kitTexts(language)('errorPrefix'))} </span>${escapeHtml(message)}</span>`;
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
  language?: Language;
};

export function input(o: InputOptions): string {
  const error = o.errors.find((e) => e.field === o.name);
  const describedBy = [o.hint ? `${o.name}-hint` : '', error ? `${o.name}-error` : ''].filter(Boolean).join(' ');
  // The hint sits outside the label (announced through aria-describedby) so the field's name stays short.
  return `<label for="${o.name}">${escapeHtml(o.label)}</label>
${o.hint ? `<span class="hint" id="${o.name}-hint">${escapeHtml(o.hint)}</span>` : ''}
${error ? fieldErrorMessage(`${o.name}-error`, error.message, o.language) : ''}
<input id="${o.name}" name="${o.name}" type="${o.type ?? 'text'}"${o.value ? ` value="${escapeHtml(o.value)}"` : ''}${o.autocomplete ? ` autocomplete="${o.autocomplete}"` : ''}${o.inputmode ? ` inputmode="${o.inputmode}"` : ''}${o.required ? ' required aria-required="true"' : ''}${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}>`;
}

export type PasswordInputOptions = Omit<InputOptions, 'type' | 'value' | 'inputmode'>;

/**
 * A password field with a 'Show password' toggle beside it (hidden until the script runs: without
 * it the button would do nothing). A native button, so Tab, Enter and Space work as everywhere.
 */
export function passwordInput(o: PasswordInputOptions): string {
  const field = input({ ...o, type: 'password' });
  const t = kitTexts(o.language ?? 'en');
  const at = field.lastIndexOf('<input ');
  const said = `data-shown="${escapeHtml(t('passwordShown'))}" data-hidden="${escapeHtml(t('passwordHidden'))}"`;
  return `${field.slice(0, at)}<div class="password-input">
${field.slice(at)}
<button type="button" class="password-toggle" ${SHOW_PASSWORD_MARKER} aria-controls="${o.name}" aria-pressed="false" data-status="${o.name}-visibility" ${said} hidden>${escapeHtml(t('showPassword'))}</button>
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
  language?: Language;
};

/** Day, month and year boxes for a date (the GOV.UK date input): British order, no date picker. */
export function dateInput(o: DateInputOptions): string {
  const error = o.errors.find((e) => e.field === `${o.name}Day`);
  const describedBy = [o.hint ? `${o.name}-hint` : '', error ? `${o.name}-error` : ''].filter(Boolean).join(' ');
  const t = kitTexts(o.language ?? 'en');
  const box = (part: 'Day' | 'Month' | 'Year', maxLength: number, autocomplete: string) => {
    const id = `${o.name}${part}`;
    const key = part.toLowerCase() as 'day' | 'month' | 'year';
    const value = o.value?.[key];
    return `<div class="date-input__item date-input__item--${key}"><label for="${id}">${escapeHtml(t(key))}</label>
<input id="${id}" name="${id}" type="text" inputmode="numeric" maxlength="${maxLength}" autocomplete="${autocomplete}"${value ? ` value="${escapeHtml(value)}"` : ''}${error ? ' aria-invalid="true"' : ''}></div>`;
  };
  return `<fieldset class="date-input" role="group"${describedBy ? ` aria-describedby="${describedBy}"` : ''}>
<legend>${escapeHtml(o.legend)}</legend>
${o.hint ? `<span class="hint" id="${o.name}-hint">${escapeHtml(o.hint)}</span>` : ''}
${error ? fieldErrorMessage(`${o.name}-error`, error.message, o.language) : ''}
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

/** The page of an error; in English alone (no switch) unless a language is given. */
export function errorPage(status: number, message: string, language?: Language): string {
  const t = kitTexts(language ?? 'en');
  return layout(
    t('somethingWentWrong'),
    `<h1>${escapeHtml(t('didNotWork'))}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>${escapeHtml(t('errorStatus', { status: String(status) }))} <a href="/">${escapeHtml(t('goToPortalHome'))}</a>.</p>`,
    language ? { language } : {},
  );
}

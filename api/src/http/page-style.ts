// The sign-in pages' stylesheet: the portal's own design tokens (shared/src/ui/tokens.css, read
// once at start; the API imports no browser code) and the same component look as the shared UI's
// buttons, inputs, links and focus ring (shared/src/ui/ui.css), written for the server's plain HTML.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../config';

/**
 * The token file itself, the one source of every colour, size, space, radius and focus ring, found
 * from the api/ folder so that the sources and the built API (api/dist) both read it.
 */
export const TOKENS_PATH = path.join(API_ROOT, '..', 'shared', 'src', 'ui', 'tokens.css');

const TOKENS = readFileSync(TOKENS_PATH, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

const COMPONENTS = `
*{box-sizing:border-box}
body{margin:0;font-family:var(--ui-font);font-size:var(--ui-font-size-base);line-height:var(--ui-line-height);background:var(--ui-background);color:var(--ui-text)}
main{max-width:28rem;margin:var(--ui-space-12) auto var(--ui-space-6);padding:var(--ui-space-8);background:var(--ui-surface);border:1px solid var(--ui-border-subtle);border-radius:var(--ui-radius-lg)}
h1{font-size:var(--ui-font-size-2xl);line-height:1.25;margin:0 0 var(--ui-space-4)}
label{display:block;font-weight:600;margin-top:var(--ui-space-4)}
.hint{display:block;font-weight:400;color:var(--ui-text-muted);font-size:var(--ui-font-size-sm)}
input{display:block;width:100%;min-height:var(--ui-target-size);padding:var(--ui-space-2) var(--ui-space-3);margin-top:var(--ui-space-1);font:inherit;color:var(--ui-text);background:var(--ui-surface);border:1px solid var(--ui-border);border-radius:var(--ui-radius)}
input:focus-visible,button:focus-visible,a:focus-visible,[tabindex]:focus-visible{outline:var(--ui-focus-ring);outline-offset:var(--ui-focus-offset);box-shadow:0 0 0 2px var(--ui-surface)}
.error-summary:focus{outline:var(--ui-focus-ring);outline-offset:var(--ui-focus-offset)}
input[aria-invalid=true]{border:2px solid var(--ui-error)}
.field-error{display:block;color:var(--ui-error);font-weight:600;margin-top:var(--ui-space-1)}
button{display:inline-flex;align-items:center;justify-content:center;margin-top:var(--ui-space-6);width:100%;min-height:var(--ui-target-size);padding:var(--ui-space-2) var(--ui-space-5);font:inherit;font-weight:600;color:var(--ui-on-brand);background:var(--ui-brand);border:2px solid var(--ui-brand);border-radius:var(--ui-radius);cursor:pointer}
button:hover{background:var(--ui-brand-dark);border-color:var(--ui-brand-dark)}
.error-summary{border:1px solid var(--ui-error);border-left-width:6px;background:var(--ui-error-bg);padding:var(--ui-space-3) var(--ui-space-4);border-radius:var(--ui-radius);margin-bottom:var(--ui-space-4)}
.error-summary h2{margin:0 0 var(--ui-space-2);font-size:var(--ui-font-size-md)}
.error-summary a{color:var(--ui-error)}
.notice{border:1px solid var(--ui-info);border-left-width:6px;padding:var(--ui-space-3) var(--ui-space-4);border-radius:var(--ui-radius);background:var(--ui-info-bg)}
a{color:var(--ui-link);font-weight:600;text-decoration:underline;text-underline-offset:3px}
a:hover{color:var(--ui-link-hover)}
fieldset.date-input{border:0;padding:0;margin:var(--ui-space-4) 0 0}
.date-input legend{font-weight:600;padding:0}
.date-input__boxes{display:flex;gap:var(--ui-space-4)}
.date-input label{font-weight:400;margin-top:var(--ui-space-1)}
.date-input__item--day input,.date-input__item--month input{width:3.5rem}
.date-input__item--year input{width:5rem}
footer{max-width:28rem;margin:0 auto var(--ui-space-12);padding:0 var(--ui-space-8);text-align:center}
.language-switch{max-width:28rem;margin:var(--ui-space-4) auto 0;padding:0 var(--ui-space-8);text-align:right}
.language-switch a{display:inline-block;padding:var(--ui-space-2) 0;min-height:24px}
.password-input{display:flex;gap:var(--ui-space-2);align-items:stretch;margin-top:var(--ui-space-1)}
.password-input input{margin-top:0;flex:1 1 auto;min-width:0}
button.password-toggle{margin:0;width:auto;flex:0 0 auto;padding:var(--ui-space-2) var(--ui-space-3);color:var(--ui-brand-dark);background:var(--ui-surface);border-color:var(--ui-brand)}
button.password-toggle:hover{background:var(--ui-brand-tint)}
button.password-toggle[aria-pressed=true]{color:var(--ui-on-brand);background:var(--ui-brand-dark);border-color:var(--ui-brand-dark)}
button.password-toggle[hidden]{display:none}
.visually-hidden{position:absolute!important;width:1px!important;height:1px!important;margin:0!important;padding:0!important;overflow:hidden!important;clip:rect(0 0 0 0)!important;white-space:nowrap!important;border:0!important}
.passkey{margin-top:var(--ui-space-8);padding-top:var(--ui-space-4);border-top:1px solid var(--ui-border-subtle)}
.passkey h2{font-size:var(--ui-font-size-md);margin:0 0 var(--ui-space-2)}
.passkey p{margin:0}
button.secondary{color:var(--ui-brand-dark);background:var(--ui-surface);border-color:var(--ui-brand);margin-top:var(--ui-space-4)}
button.secondary:hover{background:var(--ui-brand-tint)}
button[aria-disabled=true]{cursor:progress;opacity:.7}
.passkey [data-passkey-status]{margin-top:var(--ui-space-2)}
dl{display:grid;grid-template-columns:auto 1fr;gap:var(--ui-space-1) var(--ui-space-4)}dt{font-weight:600}dd{margin:0}
`;

/** The tokens, then the components that use them: inlined in every page's <style>. */
export const PAGE_STYLE = `${TOKENS.trim()}\n${COMPONENTS}`;

// The policy HTML comes from the server and is shown as HTML, so it is sanitised first: no scripts,
// event handlers, styles, forms or frames; only plain document markup and safe links survive.
import DOMPurify from 'dompurify';

const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'object', 'embed', 'svg', 'math'];

export function sanitizePolicyHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR: ['style', 'id', 'name', 'tabindex', 'autofocus'],
    ALLOW_DATA_ATTR: false,
  });
}

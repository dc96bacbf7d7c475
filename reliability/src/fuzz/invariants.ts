// What every answer to a fuzzed request must be: never a 5xx; every 4xx exactly
// `{ status: <the HTTP status>, error: <non-empty text> }`, except the sign-in service's HTML pages
// where the API answers HTML by design (a page route asked for text/html, or a form shown again
// with its errors, as the OpenAPI document declares).
import { isErrorCode } from '../../../shared/src/wire/error-codes.ts';
import { matchOperation } from './openapi.ts';
import type { Operation } from './openapi.ts';
import type { FuzzRequest } from './requests.ts';
import type { Answer } from './transport.ts';

type Rule = '5xx' | 'shape' | 'no-answer';
export type Verdict = { ok: true } | { ok: false; rule: Rule; detail: string };

const OK: Verdict = { ok: true };
const preview = (text: string) => JSON.stringify(text.slice(0, 160));

function acceptsHtml(request: FuzzRequest): boolean {
  return (request.accept ?? '').includes('text/html');
}

/**
 * Whether an HTML answer with this status is the API's design for this request: the route it
 * reaches (whatever route it was drawn from) is a page that was asked for HTML, or a form the
 * document says answers this status with its page.
 */
function htmlAllowed(operations: Operation[], request: FuzzRequest, status: number): boolean {
  const op = matchOperation(operations, request.method, request.path);
  return Boolean(op && (op.htmlStatuses.has(status) || (op.page && acceptsHtml(request))));
}

/** The `{ status, error, code, data: null }` rule, on its own (also used for the proxy's 503 while the API is down). */
export function errorShapeProblem(status: number, contentType: string, body: string): string | null {
  if (!contentType.startsWith('application/json')) return `${status} answered ${contentType || 'no content type'}: ${preview(body)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${status} answered JSON that does not parse: ${preview(body)}`;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return `${status} answered ${preview(body)}`;
  const { status: inner, error, code, data, field, triesLeft, ...rest } = parsed as Record<string, unknown>;
  // A wrong code or wrong identity details say the tries left (the wire's error body), a whole number.
  const triesOk = triesLeft === undefined || (Number.isInteger(triesLeft) && (triesLeft as number) >= 0);
  // Every error names its code from the closed list, and a field at fault by name.
  const codeOk = isErrorCode(code) && data === null && (field === undefined || (typeof field === 'string' && field !== ''));
  if (inner !== status || typeof error !== 'string' || error.trim() === '' || !triesOk || !codeOk || Object.keys(rest).length > 0)
    return `${status} answered ${preview(body)}, not { status: ${status}, error, code, data: null } with a code of the closed list`;
  return null;
}

export function judge(operations: Operation[], request: FuzzRequest, answer: Answer): Verdict {
  if ('error' in answer) return answer.closedEarly ? OK : { ok: false, rule: 'no-answer', detail: answer.error };
  const { status, contentType, body } = answer;
  if (status >= 500) return { ok: false, rule: '5xx', detail: `${status}: ${preview(body)}` };
  if (status < 400) return OK;
  if (contentType.startsWith('text/html')) {
    if (!htmlAllowed(operations, request, status))
      return { ok: false, rule: 'shape', detail: `${status} answered an HTML page where { status, error } is due: ${preview(body)}` };
    return /^<!doctype html>/i.test(body) ? OK : { ok: false, rule: 'shape', detail: `${status} answered text/html that is not a page: ${preview(body)}` };
  }
  const problem = errorShapeProblem(status, contentType, body);
  return problem ? { ok: false, rule: 'shape', detail: problem } : OK;
}

/**
 * What makes two failures "the same bug", for counting and for shrinking one of each: the rule, the
 * status, the way in, and who answered (the keys and Fastify code of a JSON body, or its content
 * type) — not the route, since one bug shows on many routes.
 */
export function signature(request: FuzzRequest, verdict: Verdict, answer: Answer): string {
  if (verdict.ok) return 'ok';
  if ('error' in answer) return `${verdict.rule} (${answer.error.split(':')[0]}) via ${request.via}`;
  return `${verdict.rule} ${answer.status} via ${request.via}: ${fingerprint(answer.contentType, answer.body)}`;
}

function fingerprint(contentType: string, body: string): string {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const record = parsed as Record<string, unknown>;
      const keys = `{ ${Object.keys(record).sort().join(', ')} }`;
      // Fastify's own errors carry a code; others are told apart by the start of their message.
      if (typeof record.code === 'string') return `${keys} ${record.code}`;
      const message = typeof record.message === 'string' ? record.message : typeof record.error === 'string' ? record.error : '';
      return `${keys} "${message.split(/['"]/)[0]!.slice(0, 60)}"`;
    }
  } catch {
    // not JSON
  }
  const title = /<title>([^<]*)<\/title>/.exec(body)?.[1];
  return `${contentType.split(';')[0] || 'no content type'} ${JSON.stringify(title ?? body.slice(0, 40))}`;
}

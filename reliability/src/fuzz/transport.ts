// Sends a fuzzed request byte for byte over node:http (fetch would normalise `..`, refuse some
// headers and re-encode the path), and writes it down so a developer can send it again.
import http from 'node:http';
import type { Body, FuzzRequest } from './requests.ts';
import { escapeComponent } from './strings.ts';

export type Answer =
  | { status: number; contentType: string; body: string }
  /** No answer. `closedEarly`: the server closed the connection while a huge body was still being sent. */
  | { error: string; closedEarly?: boolean };

export type Target = { base: string; cookie: (as: FuzzRequest['as']) => string | undefined };

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
const READ_LIMIT = 1024 * 1024;
let hugeBodies: Record<string, Buffer> = {};

function hugeBody(body: Extract<Body, { kind: 'huge' }>): Buffer {
  const key = `${body.fill}:${body.megabytes}`;
  if (!hugeBodies[key]) {
    const size = body.megabytes * 1024 * 1024;
    const buffer = Buffer.alloc(size, body.fill === 'zeros' ? 0 : 'a'.charCodeAt(0));
    if (body.fill === 'json') {
      buffer.write('{"user":{"firstName":"', 0);
      buffer.write('"}}', size - 3);
    }
    if (body.fill === 'form') buffer.write('client_id=portal-web&email=', 0);
    hugeBodies = { ...hugeBodies, [key]: buffer };
  }
  return hugeBodies[key]!;
}

const escapeForm = (value: string) => (/%(?![0-9A-Fa-f]{2})/.test(value) ? value : escapeComponent(value).replace(/%20/g, '+'));

/** The bytes of a body. Form values that already hold a broken escape (`%E0%A4%A`) go as they are. */
function bodyBytes(body: Body | null): Buffer | null {
  if (!body) return null;
  switch (body.kind) {
    case 'json':
      return Buffer.from(JSON.stringify(body.value) ?? 'null', 'utf8');
    case 'form':
      return Buffer.from(body.pairs.map(([k, v]) => `${escapeForm(k)}=${escapeForm(v)}`).join('&'), 'utf8');
    case 'text':
      return Buffer.from(body.text, 'utf8');
    case 'bytes':
      return Buffer.from(body.hex, 'hex');
    case 'huge':
      return hugeBody(body);
  }
}

function requestHeaders(request: FuzzRequest, target: Target, bytes: Buffer | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (request.accept !== null) headers.accept = request.accept;
  if (request.contentType !== null) headers['content-type'] = request.contentType;
  if (bytes) headers['content-length'] = String(bytes.length);
  const cookie = target.cookie(request.as);
  if (cookie) headers.cookie = cookie;
  if (request.origin === 'self') headers.origin = new URL(target.base).origin;
  if (request.origin === 'foreign') headers.origin = 'https://evil.example';
  if (request.origin === 'null') headers.origin = 'null';
  return headers;
}

/** Sends the request; answers the status and (the start of) the body, or why there was no answer. */
export async function send(request: FuzzRequest, target: Target, timeoutMs = 30_000): Promise<Answer> {
  let answer = await sendOnce(request, target, timeoutMs, agent);
  // A kept-alive connection the server closed just as it was reused is the client's race, not an
  // answer: once more on a new connection (what Node's documentation advises).
  if ('error' in answer && answer.reused && /ECONNRESET|EPIPE/.test(answer.error)) answer = await sendOnce(request, target, timeoutMs, false);
  // A server may answer a huge body early (401, 413) and close the connection (RFC 9112 9.6); the
  // client can then see the reset before it has read the answer. That is not a missing answer.
  if ('error' in answer && request.body?.kind === 'huge' && /ECONNRESET|EPIPE/.test(answer.error)) return { error: answer.error, closedEarly: true };
  return answer;
}

function sendOnce(request: FuzzRequest, target: Target, timeoutMs: number, via: http.Agent | false): Promise<Answer & { reused?: boolean }> {
  const bytes = bodyBytes(request.body);
  const url = new URL(target.base);
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer & { reused?: boolean }) => {
      if (!settled) resolve(answer);
      settled = true;
    };
    let req: http.ClientRequest;
    try {
      req = http.request({
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers: requestHeaders(request, target, bytes),
        agent: via,
        timeout: timeoutMs,
      });
    } catch (error) {
      // Node refuses to send it (a character it will not put in a path): not the server's fault.
      return done({ error: `not sendable: ${(error as Error).message}` });
    }
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      let length = 0;
      res.on('data', (chunk: Buffer) => {
        if (length < READ_LIMIT) chunks.push(chunk);
        length += chunk.length;
      });
      const finish = () =>
        done({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') });
      res.on('end', finish);
      res.on('error', finish);
      res.on('aborted', finish);
    });
    req.on('timeout', () => {
      req.destroy(new Error(`no answer within ${timeoutMs} ms`));
    });
    req.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message, reused: req.reusedSocket }));
    if (bytes && bytes.length > STREAM_ABOVE) void writeUntilAnswered(req, bytes, () => answered);
    else req.end(bytes ?? undefined);
  });
}

const STREAM_ABOVE = 1024 * 1024;

/**
 * Writes a big body in pieces, as a browser does, and stops once an answer has come: a server may
 * answer early (401, 413) and close the connection (RFC 9112 9.6), and a client that wrote on
 * regardless would see the reset instead of the answer.
 */
async function writeUntilAnswered(req: http.ClientRequest, bytes: Buffer, answered: () => boolean): Promise<void> {
  const piece = 64 * 1024;
  for (let at = 0; at < bytes.length; at += piece) {
    if (answered() || req.destroyed) return;
    if (!req.write(bytes.subarray(at, at + piece))) {
      await new Promise<void>((resolve) => {
        const go = () => {
          req.off('drain', go).off('close', go);
          resolve();
        };
        req.on('drain', go).on('close', go);
      });
    }
  }
  if (!answered() && !req.destroyed) req.end();
}

export function closeConnections(): void {
  agent.destroy();
  hugeBodies = {};
}

const shellQuote = (text: string) =>
  /^[\x20-\x7e]*$/.test(text)
    ? `'${text.replace(/'/g, `'\\''`)}'`
    : `$'${[...Buffer.from(text, 'utf8')].map((b) => (b >= 0x20 && b < 0x7f && b !== 0x27 && b !== 0x5c ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`)).join('')}'`;

/** A curl command that sends the same request (the session cookie is left as a placeholder). */
export function curlCommand(request: FuzzRequest, base: string): string {
  const bytes = bodyBytes(request.body);
  const parts = ['curl -si', `-X ${request.method}`, '--path-as-is', shellQuote(`${base}${request.path}`)];
  const headers = requestHeaders(request, { base, cookie: (as) => (as === 'signed-out' ? undefined : `<${as}'s session cookie>`) }, bytes);
  delete headers['content-length'];
  for (const [name, value] of Object.entries(headers)) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body?.kind === 'huge') parts.push(`--data-binary @<(head -c ${request.body.megabytes * 1024 * 1024} /dev/zero | tr '\\0' a)`);
  else if (bytes) parts.push(`--data-binary ${shellQuote(bytes.length > 600 ? `${bytes.toString('utf8').slice(0, 600)}…` : bytes.toString('utf8'))}`);
  return parts.join(' ');
}

/** The request in one line, for logs and the report. */
export function describe(request: FuzzRequest): string {
  const bytes = bodyBytes(request.body);
  const body =
    request.body?.kind === 'huge'
      ? `${request.body.megabytes} MB of ${request.body.fill}`
      : bytes
        ? JSON.stringify(bytes.toString('utf8').slice(0, 200)) + (bytes.length > 200 ? ` (${bytes.length} bytes)` : '')
        : 'no body';
  const path = request.path.length > 300 ? `${request.path.slice(0, 300)}… (${request.path.length} characters)` : request.path;
  return `${request.method} ${path} via ${request.via} as ${request.as}, accept ${request.accept ?? '-'}, content-type ${request.contentType ?? '-'}, origin ${request.origin}, body ${body}`;
}

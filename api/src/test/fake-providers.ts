// Local stand-ins for GOV.UK Notify's and Twilio's REST APIs (node:http, on 127.0.0.1), speaking
// their documented requests and answers: Notify's POST /v2/notifications/{email,sms} (a JWT signed
// with the key's secret, JSON), Twilio's POST /2010-04-01/Accounts/{sid}/Messages.json (Basic auth,
// a form). Tests set how they behave: accept, refuse some recipients, rate-limit, fail, never answer.
import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';

export const NOTIFY_SERVICE_ID = '26785a09-ab16-4eb0-8407-a37497a57506';
export const NOTIFY_SECRET = '3d844edf-8d35-48ac-975b-e847b4f122b0';
export const NOTIFY_API_KEY = `portal_test-${NOTIFY_SERVICE_ID}-${NOTIFY_SECRET}`;
export const TWILIO_ACCOUNT_SID = `AC${'0a1b2c3d'.repeat(4)}`;
export const TWILIO_AUTH_TOKEN = 'twilio-test-auth-token-0123456789';

/** What the stand-in does with the next request. */
export type Behaviour = { kind: 'accept' } | { kind: 'status'; status: number; retryAfter?: string } | { kind: 'hang' };

export type Received = { provider: 'notify' | 'twilio'; channel: 'email' | 'sms'; to: string; body: Record<string, unknown>; id: string };

export class FakeProviders {
  private server: http.Server | null = null;
  readonly received: Received[] = [];
  /** Requests answered, by status (0: left hanging). */
  readonly answered: number[] = [];
  /** Recipients refused as a bad address or number (400). */
  readonly refuse = new Set<string>();
  behaviour: () => Behaviour = () => ({ kind: 'accept' });
  url = '';
  private readonly hanging = new Set<http.ServerResponse>();

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((err: unknown) => this.json(res, 500, { message: String(err) }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.answered.push(status);
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const notify = /^\/v2\/notifications\/(email|sms)$/.exec(url.pathname);
    const twilio = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(url.pathname);
    if (req.method !== 'POST' || (!notify && !twilio)) return this.json(res, 404, { message: 'not found' });
    const behaviour = this.behaviour();
    if (behaviour.kind === 'hang') {
      this.answered.push(0);
      this.hanging.add(res);
      return;
    }
    if (notify) return this.notify(req, res, notify[1] as 'email' | 'sms', raw, behaviour);
    return this.twilio(req, res, twilio![1]!, raw, behaviour);
  }

  private async notify(req: http.IncomingMessage, res: http.ServerResponse, channel: 'email' | 'sms', raw: string, behaviour: Behaviour): Promise<void> {
    const error = (status: number, name: string, message: string, headers: Record<string, string> = {}) =>
      this.json(res, status, { errors: [{ error: name, message }], status_code: status }, headers);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    try {
      const { payload } = await jwtVerify(token ?? '', new TextEncoder().encode(NOTIFY_SECRET), { algorithms: ['HS256'], issuer: NOTIFY_SERVICE_ID });
      if (Math.abs(Number(payload.iat) - Date.now() / 1000) > 30) throw new Error('stale');
    } catch {
      return error(403, 'AuthError', 'Invalid token: API key not found');
    }
    if (behaviour.kind === 'status') {
      if (behaviour.status === 429)
        return error(429, 'RateLimitError', 'Exceeded rate limit for key type LIVE of 3000 requests per 60 seconds', retryAfter(behaviour));
      return error(behaviour.status, 'Exception', 'Internal server error', retryAfter(behaviour));
    }
    const body = JSON.parse(raw) as Record<string, unknown>;
    const to = String(channel === 'email' ? body.email_address : body.phone_number);
    if (typeof body.template_id !== 'string') return error(400, 'ValidationError', 'template_id is a required property');
    if (this.refuse.has(to)) {
      return error(400, 'ValidationError', channel === 'email' ? 'email_address Not a valid email address' : 'phone_number Not a UK mobile number');
    }
    const id = crypto.randomUUID();
    this.received.push({ provider: 'notify', channel, to, body, id });
    const personalisation = (body.personalisation ?? {}) as Record<string, string>;
    return this.json(res, 201, {
      id,
      reference: body.reference ?? null,
      content:
        channel === 'email'
          ? { body: personalisation.body, subject: personalisation.subject, from_email: 'portal@notifications.service.gov.uk' }
          : { body: personalisation.body, from_number: 'GOVUK' },
      uri: `${this.url}/v2/notifications/${id}`,
      template: { id: body.template_id, version: 1, uri: `${this.url}/v2/template/${String(body.template_id)}` },
    });
  }

  private async twilio(req: http.IncomingMessage, res: http.ServerResponse, account: string, raw: string, behaviour: Behaviour): Promise<void> {
    const error = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
      this.json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers);
    const expected = `Basic ${Buffer.from(`${TWILIO_ACCOUNT_SID}:${TWILIO_AUTH_TOKEN}`).toString('base64')}`;
    if (account !== TWILIO_ACCOUNT_SID || req.headers.authorization !== expected) return error(401, 20003, 'Authenticate');
    if (behaviour.kind === 'status') {
      if (behaviour.status === 429) return error(429, 20429, 'Too Many Requests', retryAfter(behaviour));
      return error(behaviour.status, 20500, 'Internal Server Error', retryAfter(behaviour));
    }
    const form = Object.fromEntries(new URLSearchParams(raw));
    const to = form.To ?? '';
    if (!form.Body) return error(400, 21602, 'Message body is required.');
    if (!form.From && !form.MessagingServiceSid) return error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message");
    if (this.refuse.has(to)) return error(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
    this.received.push({ provider: 'twilio', channel: 'sms', to, body: form, id: sid });
    return this.json(res, 201, {
      sid,
      account_sid: account,
      to,
      from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      body: form.Body,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${account}/Messages/${sid}.json`,
    });
  }
}

function retryAfter(behaviour: { retryAfter?: string }): Record<string, string> {
  return behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {};
}

// Text messages through Twilio's Messages API with the `twilio` package. Its HTTP calls go through a
// RequestClient of ours (the client's documented `httpClient` option): it bounds each call by the
// time-out from config, can send them to another origin (a local stand-in in tests; `region` and
// `edge` only pick among Twilio's own hosts), and keeps a refusal's status and Retry-After, which the
// package's RestException drops.
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { TwilioConfig } from '../config';
import type { Message, Transport } from './transport';
import { accepted, fromHttpStatus, fromNetworkError } from './results';
import type { SendResult } from './results';

/** A refusal as the HTTP answer said it. */
class ProviderAnswer extends Error {
  constructor(
    readonly status: number,
    readonly retryAfter: unknown,
    readonly reason: string,
  ) {
    super(`HTTP ${status}: ${reason}`);
  }
}

function twilioReason(body: unknown): string {
  try {
    const parsed = (typeof body === 'string' ? JSON.parse(body) : body) as { code?: number; message?: string } | null;
    if (parsed && (parsed.code || parsed.message)) return [parsed.code ? `Twilio error ${parsed.code}` : null, parsed.message].filter(Boolean).join(': ');
  } catch {
    // not JSON: fall through
  }
  return 'no reason given';
}

class TwilioRequestClient extends twilio.RequestClient {
  constructor(
    private readonly baseUrl: string | null,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs });
  }

  override async request<TData>(opts: RequestClient.RequestOptions<TData>) {
    let uri = opts.uri;
    if (this.baseUrl) {
      const url = new URL(opts.uri);
      uri = new URL(url.pathname + url.search, this.baseUrl).href;
    }
    const response = await super.request({ ...opts, uri });
    if (response.statusCode >= 400) {
      const headers = (response.headers ?? {}) as Record<string, unknown>;
      throw new ProviderAnswer(response.statusCode, headers['retry-after'], twilioReason(response.body));
    }
    return response;
  }
}

export class TwilioTransport implements Transport {
  readonly name = 'twilio';
  private readonly client: twilio.Twilio;

  constructor(
    private readonly config: TwilioConfig,
    private readonly timeoutMs: number,
    /** Where Twilio reports each message's status (…/hooks/twilio/status), or null for none. */
    private readonly statusCallback: string | null,
  ) {
    this.client = twilio(config.accountSid, config.authToken, {
      httpClient: new TwilioRequestClient(config.baseUrl, timeoutMs),
      ...(config.region ? { region: config.region } : {}),
      ...(config.edge ? { edge: config.edge } : {}),
    });
  }

  async send(message: Message): Promise<SendResult> {
    const sender = this.config.messagingServiceSid ? { messagingServiceSid: this.config.messagingServiceSid } : { from: this.config.from! };
    const statusCallback =
      this.statusCallback && message.reference ? `${this.statusCallback}?delivery=${encodeURIComponent(message.reference)}` : this.statusCallback;
    try {
      const sent = await this.client.messages.create({ to: message.to, body: message.body, ...sender, ...(statusCallback ? { statusCallback } : {}) });
      return accepted(sent.sid);
    } catch (err) {
      if (err instanceof ProviderAnswer) return fromHttpStatus(err.status, err.retryAfter, err.reason);
      return fromNetworkError(err, this.timeoutMs);
    }
  }
}

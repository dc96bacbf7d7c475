// The transport of each channel, as config chose it (EMAIL_TRANSPORT, SMS_TRANSPORT; SMTP_URL alone
// still means SMTP). Every provider's sends are recorded in message_deliveries; the outbox is its
// own record, and it records in message_deliveries too what is about an employment.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Channel, Transport } from './transport';
import { OutboxTransport, SmtpTransport } from './transport';
import { NotifyTransport } from './notify-transport';
import { TwilioTransport } from './twilio-transport';
import { RecordedTransport } from './deliveries';

export const TWILIO_STATUS_PATH = '/hooks/twilio/status';
export const NOTIFY_DELIVERY_PATH = '/hooks/notify/delivery';

export function buildTransports(config: Config, db: Kysely<Database>, log: FastifyBaseLogger): Record<Channel, Transport> {
  const { delivery } = config;
  for (const warning of delivery.warnings) log.warn(warning);
  const recorded = (transport: Transport) => new RecordedTransport(transport, db, config.tokenSecret, log);
  const outbox = new OutboxTransport(db, log, config.tokenSecret);
  let email: Transport = outbox;
  if (delivery.email === 'smtp') email = recorded(new SmtpTransport(config.smtpUrl!, config.mailFrom, log, delivery.timeoutMs));
  if (delivery.email === 'notify') email = recorded(new NotifyTransport(delivery.notify!, 'email', delivery.timeoutMs));
  let sms: Transport = outbox;
  if (delivery.sms === 'notify') sms = recorded(new NotifyTransport(delivery.notify!, 'sms', delivery.timeoutMs));
  if (delivery.sms === 'twilio') {
    const statusCallback = delivery.hooksUrl ? `${delivery.hooksUrl}${TWILIO_STATUS_PATH}` : null;
    sms = recorded(new TwilioTransport(delivery.twilio!, delivery.timeoutMs, statusCallback));
  }
  log.info({ email: email.name, sms: sms.name }, 'message transports');
  return { email, sms };
}

// What every route plugin is given: the database, config and the shared services.
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Db } from './db/connect';
import type { Database } from './db/schema';
import type { TokenService } from './auth/tokens';
import type { Ownership } from './auth/ownership';
import type { MessageService } from './messages/transport';
import type { AfterAnswer } from './jobs/after-answer';

export type Deps = {
  config: Config;
  database: Db;
  db: Kysely<Database>;
  tokens: TokenService;
  ownership: Ownership;
  messages: MessageService;
  /** Work done after the answer (matching records, sending codes and registration e-mails). */
  afterAnswer: AfterAnswer;
};

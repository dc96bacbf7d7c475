// Types for tools/serve.mjs, used by the e2e journeys and the reliability suite that start servers themselves.
import type { FastifyInstance } from 'fastify';

export const PROXY_BODY_LIMIT: number;
export function startRemoteServer(options: { root: string; port: number; host?: string; logger?: boolean; publicUrl?: string }): Promise<FastifyInstance>;
export function startHostServer(options: {
  root: string;
  port: number;
  configPath: string;
  /** One API's URL, or several: requests go to each in turn. */
  apiUrl: string | string[];
  host?: string;
  logger?: boolean;
  /** The portal's public origin; https turns HSTS on. */
  publicUrl?: string;
  /** The largest request body the proxy passes on (default PROXY_BODY_LIMIT, 1 MiB). */
  bodyLimit?: number;
}): Promise<FastifyInstance>;

// Types for tools/serve.mjs, used by the e2e journeys that start and stop a remote themselves.
import type { FastifyInstance } from 'fastify';

export function cacheControlFor(filePath: string): string;
export function startRemoteServer(options: { root: string; port: number; host?: string; logger?: boolean }): Promise<FastifyInstance>;
export function startHostServer(options: {
  root: string;
  port: number;
  configPath: string;
  /** One API, or several taken in turn. */
  apiUrl: string | string[];
  host?: string;
  logger?: boolean;
}): Promise<FastifyInstance>;

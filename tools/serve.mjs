// Static serving for the built apps: a real HTTP server with compression and the cache headers of
// design.md (manifests, remoteEntry.js, HTML and config no-cache; hashed chunks immutable).
// The host server also proxies /api, /app and /account to the API so the browser sees one origin.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifyHttpProxy from '@fastify/http-proxy';

const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css)(\.map)?$/;

/** Cache-Control for a served file: hashed chunks forever, everything else revalidated. */
export function cacheControlFor(filePath) {
  return HASHED_FILE.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function staticOptions(root) {
  return {
    root,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(response, filePath) {
      response.setHeader('Cache-Control', cacheControlFor(filePath));
    },
  };
}

/**
 * Serves one remote's dist folder on its own origin. Manifests and chunks are fetched
 * cross-origin by the host, so they allow any origin (they hold no user data).
 */
export async function startRemoteServer({ root, port, host = '127.0.0.1', logger = false }) {
  // Stopping means stopping: open keep-alive connections from a browser must not hold close() up.
  const app = Fastify({ logger, forceCloseConnections: true });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
  });
  await app.register(fastifyStatic, staticOptions(root));
  await app.listen({ port, host });
  return app;
}

/** The next API for each proxied request, in turn (`apiUrl`: one URL or a list). */
function roundRobin(apiUrl) {
  const upstreams = [apiUrl].flat();
  let next = 0;
  return () => upstreams[next++ % upstreams.length];
}

/**
 * Serves the host: its dist folder, /config.json read from `configPath` on every request (so a
 * changed remote URL needs no rebuild), the API behind /api, /app and /account, and index.html for
 * every other path (client-side routing).
 */
export async function startHostServer({ root, port, configPath, apiUrl, host = '127.0.0.1', logger = false }) {
  // Stopping means stopping: open keep-alive connections from a browser must not hold close() up.
  const app = Fastify({ logger, forceCloseConnections: true });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  // Round-robin over several API instances (the smallest version; sec-servers has the full one):
  // no fixed upstream, so @fastify/reply-from asks getUpstream for each request.
  const getUpstream = roundRobin(apiUrl);
  for (const prefix of ['/api', '/app', '/account']) {
    await app.register(fastifyHttpProxy, { upstream: '', prefix, rewritePrefix: prefix, http2: false, replyOptions: { getUpstream } });
  }
  app.get('/config.json', async (_request, reply) => {
    const text = await readFile(configPath, 'utf8');
    return reply.header('Cache-Control', 'no-cache, no-store').type('application/json').send(text);
  });
  await app.register(fastifyStatic, staticOptions(root));
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(request.url.split('?')[0] ?? '');
    if (!wantsPage) return reply.code(404).send({ status: 404, error: 'Not found' });
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  await app.listen({ port, host });
  return app;
}

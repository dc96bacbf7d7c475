// Static serving for the built apps: a real HTTP server with compression and the cache headers of
// docs/architecture.md "Serving" (manifests, remoteEntry.js, HTML and config no-cache; hashed chunks immutable), the
// security headers of tools/serve/security-headers.mjs and the error shape of tools/serve/errors.mjs.
// The host server also proxies /api, /app, /account and /verify (a lender's check of a proof of
// income) to the API (one or several instances) so the browser sees one origin.
import path from 'node:path';
import { Transform, pipeline } from 'node:stream';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifyHttpProxy from '@fastify/http-proxy';
import { clientErrorHandler, errorHandler, frameworkErrorHandler, proxyErrorHandler, sendError } from './serve/errors.mjs';
import { createPageLists } from './serve/page-lists.mjs';
import { fixedSecurityHeaders, hostSecurityHeaders, remoteSecurityHeaders, runtimeConfigFile } from './serve/security-headers.mjs';

const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css)$/;

/** The largest request body the proxy passes on (the API's own limits are lower). */
export const PROXY_BODY_LIMIT = 1024 * 1024;

/** The largest body passed on to /verify, where a lender uploads a proof-of-income PDF (the API takes 5 MB and its form). */
export const PACK_CHECK_BODY_LIMIT = 6 * 1024 * 1024;

/** The API's paths, each with the largest body the proxy passes on to it. */
const PROXIED = [
  { prefixes: ['/api', '/app', '/account'], bodyLimit: (limit) => limit },
  { prefixes: ['/verify'], bodyLimit: (limit) => Math.max(limit, PACK_CHECK_BODY_LIMIT) },
];

/** Cache-Control for a served file: hashed chunks forever, everything else revalidated. */
function cacheControlFor(filePath) {
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

/** A Fastify server whose every error, even one found before routing, has the `{ status, error }` shape. */
function createServer({ logger, publicUrl }) {
  const headers = fixedSecurityHeaders(publicUrl);
  const app = Fastify({
    logger,
    // Stopping means stopping: open keep-alive connections from a browser must not hold close() up.
    forceCloseConnections: true,
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  });
  app.setErrorHandler(errorHandler);
  return app;
}

/**
 * Compression of every answer over 1 KB. Gzip at its best level: the apps' files are built once and
 * served many times, and at level 9 the first visit's JavaScript is a little smaller than at the
 * default 6, for a cost per answer too small to measure on files of this size.
 */
const COMPRESSION = { global: true, threshold: 1024, zlibOptions: { level: 9 } };

/**
 * Serves one remote's dist folder on its own origin. Entries and chunks are fetched
 * cross-origin by the host, so they allow any origin (they hold no user data).
 */
export async function startRemoteServer({ root, port, host = '127.0.0.1', logger = false, publicUrl = undefined }) {
  const app = createServer({ logger, publicUrl });
  await app.register(fastifyCompress, COMPRESSION);
  app.addHook('onRequest', remoteSecurityHeaders({ publicUrl }));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
  });
  await app.register(fastifyStatic, staticOptions(root));
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404));
  await app.listen({ port, host });
  return app;
}

/** Refuses a body over `limit` bytes: at once when Content-Length says so, else when the count passes it. */
function limitRequestBody(proxy, limit) {
  const tooLarge = () => Object.assign(new Error('The request body is too large'), { statusCode: 413 });
  proxy.addHook('onRequest', async (request, reply) => {
    if (Number(request.headers['content-length'] ?? 0) > limit) {
      // Do not read the rest of a body that will not be used.
      reply.header('Connection', 'close');
      throw tooLarge();
    }
  });
  proxy.addHook('preParsing', async (request, _reply, payload) => {
    if (request.headers['transfer-encoding'] === undefined) return payload;
    let seen = 0;
    const counted = new Transform({
      transform(chunk, _encoding, done) {
        seen += chunk.length;
        done(seen > limit ? tooLarge() : null, chunk);
      },
    });
    pipeline(payload, counted, () => {});
    return counted;
  });
}

/**
 * The API behind this proxy sees every browser at the proxy's address unless told otherwise: its
 * limits per client address (sign-in, registration) would then count all users as one. The proxy is
 * the portal's edge, so it names the client's own address in X-Forwarded-For, replacing any the
 * client sent (a forged one must not pick another address's counters); the API trusts it from
 * loopback only (TRUST_PROXY=127.0.0.1, set by `pnpm start`).
 */
function forwardedHeaders(request, headers) {
  return { ...headers, 'x-forwarded-for': request.socket.remoteAddress ?? '', 'x-forwarded-proto': request.protocol };
}

/** Round-robin over the API instances, one per request. */
function roundRobin(apiUrl) {
  const upstreams = [apiUrl].flat().map((url) => String(url).replace(/\/+$/, ''));
  if (upstreams.length === 0 || upstreams.some((url) => !/^https?:\/\//.test(url)))
    throw new Error(`apiUrl must be one http(s) URL or a list of them (got ${JSON.stringify(apiUrl)})`);
  let next = 0;
  return () => {
    const upstream = upstreams[next];
    next = (next + 1) % upstreams.length;
    return upstream;
  };
}

/** The runtime config's text with the remotes' page lists added (serve/page-lists.mjs); a file that is no JSON goes as it is. */
async function composedConfigText(text, withPageLists, base) {
  let config;
  try {
    config = JSON.parse(text);
  } catch {
    return text;
  }
  return JSON.stringify(await withPageLists(config, base));
}

/**
 * Serves the host: its dist folder, /config.json read from `configPath` on every request (so a
 * changed remote URL needs no rebuild, and the Content-Security-Policy follows it) with each remote's
 * page list added from its pages.json (`pageLists`: serve/page-lists.mjs), the API behind
 * /api, /app, /account and /verify, and index.html for every other path (client-side routing).
 * `apiUrl` is one API's URL or a list of them (requests go to each in turn).
 * `publicUrl` is the portal's public origin; https turns HSTS on.
 */
export async function startHostServer({
  root,
  port,
  configPath,
  apiUrl,
  host = '127.0.0.1',
  logger = false,
  publicUrl = undefined,
  bodyLimit = PROXY_BODY_LIMIT,
  pageLists = createPageLists(),
}) {
  const configFile = runtimeConfigFile(configPath);
  const getUpstream = roundRobin(apiUrl);
  const app = createServer({ logger, publicUrl });
  await app.register(fastifyCompress, COMPRESSION);
  app.addHook('onRequest', hostSecurityHeaders({ publicUrl, configFile }));

  for (const { prefixes, bodyLimit: limitOf } of PROXIED) {
    await app.register(async (proxy) => {
      limitRequestBody(proxy, limitOf(bodyLimit));
      for (const prefix of prefixes) {
        await proxy.register(fastifyHttpProxy, {
          upstream: '',
          prefix,
          rewritePrefix: prefix,
          http2: false,
          config: { proxied: true },
          replyOptions: { getUpstream, onError: proxyErrorHandler, rewriteRequestHeaders: forwardedHeaders },
        });
      }
    });
  }
  app.get('/config.json', async (request, reply) => {
    const { text } = await configFile.read();
    if (text === null) return sendError(reply, 503);
    const composed = await composedConfigText(text, pageLists, `${request.protocol}://${request.host}/`);
    return reply.header('Cache-Control', 'no-cache, no-store').type('application/json').send(composed);
  });
  await app.register(fastifyStatic, staticOptions(root));
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(request.url.split('?')[0] ?? '');
    if (!wantsPage) return sendError(reply, 404);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  await app.listen({ port, host });
  return app;
}

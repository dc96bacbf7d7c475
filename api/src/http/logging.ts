// Log settings: request lines without secrets. Linking codes, invitation tokens, phone numbers and
// e-mail addresses travel in some paths, and sign-in codes in a query string; they are masked here.
import type { FastifyRequest } from 'fastify';

const SECRET_PATHS: [RegExp, string][] = [
  [/(\/linking_code\/)[^/?#]+/g, '$1[redacted]'],
  [/(\/linking_code_email\/)[^/?#]+/g, '$1[redacted]'],
  [/(\/linking_code_id\/)[^/?#]+\/[^/?#]+/g, '$1[redacted]/[redacted]'],
];
const SECRET_QUERY = /([?&](?:code|state|token|refresh_token|access_token|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  let out = url;
  for (const [pattern, replacement] of SECRET_PATHS) out = out.replace(pattern, replacement);
  return out.replace(SECRET_QUERY, '$1[redacted]');
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.refreshToken', '*.accessToken', '*.code'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}

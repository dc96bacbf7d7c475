// Real HTTP for the concurrency tests: the app listens on a free port and a burst of requests
// goes out at once over separate sockets, as 300 browsers (or one attacker's script) would send them.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };
export type HttpCall = { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer };

export type LiveServer = { origin: string; send(call: HttpCall): Promise<HttpAnswer>; close(): void };

/** Starts listening on 127.0.0.1 and a free port; the agent allows 300 sockets at once. */
export async function listen(app: FastifyInstance): Promise<LiveServer> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 300 });
  const send = (call: HttpCall) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, agent, method: call.method ?? 'GET', path: call.path, headers: call.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      if (call.body !== undefined) req.write(call.body);
      req.end();
    });
  return { origin: `http://127.0.0.1:${port}`, send, close: () => agent.destroy() };
}

export type BurstResult = {
  /** Requests sent at once. */
  parallel: number;
  /** How many answers of each status came back, e.g. { '400': 5, '429': 295 }. */
  statuses: Record<string, number>;
  answers: HttpAnswer[];
  /** The answer to the one request sent once `sendLastAfter` answers had arrived (the right code or password). */
  last?: HttpAnswer;
  /** How many of the burst were still waiting for their answer when the last request was sent. */
  inFlightWhenLastSent?: number;
};

/**
 * Sends `calls` at once. When `last` is given it is sent inside the burst, as soon as `sendLastAfter`
 * answers have come back: after the limit has been reached, while the rest are still in flight.
 */
export async function burst(server: LiveServer, calls: HttpCall[], last?: { call: HttpCall; sendLastAfter: number }): Promise<BurstResult> {
  let answered = 0;
  let lastAnswer: Promise<HttpAnswer> | undefined;
  let inFlightWhenLastSent: number | undefined;
  const sendLast = () => {
    if (!last || lastAnswer) return;
    inFlightWhenLastSent = calls.length - answered;
    lastAnswer = server.send(last.call);
  };
  if (last && last.sendLastAfter <= 0) sendLast();
  const answers = await Promise.all(
    calls.map((call) =>
      server.send(call).then((answer) => {
        answered += 1;
        if (last && answered >= last.sendLastAfter) sendLast();
        return answer;
      }),
    ),
  );
  sendLast();
  const all = lastAnswer ? [...answers, await lastAnswer] : answers;
  const statuses: Record<string, number> = {};
  for (const a of all) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  return { parallel: all.length, statuses, answers, ...(lastAnswer ? { last: await lastAnswer, inFlightWhenLastSent } : {}) };
}

/** The address of a user's payslip list for one employment. */
export const payslipsPath = (userId: string, employmentId: string): string => `/api/users/${userId}/employments/${employmentId}/payslips`;

/** A GET of `path` carrying a signed-in user's cookies. */
export const signedInGet = (user: { jar: { header(): string } }, path: string): HttpCall => ({ path, headers: { cookie: user.jar.header() } });

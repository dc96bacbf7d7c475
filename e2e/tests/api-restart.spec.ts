// `pnpm start` keeps the API up: killed with SIGKILL, it is started again (tools/supervise.mjs),
// and while it is down the host's proxy answers 503 in the error shape instead of 500s for ever.
import { execFileSync } from 'node:child_process';
import { test, expect } from '../support/fixtures';

const API_PORT = 4000;

/** The process listening on a local port, from `ss` (null when there is none). */
function listenerPid(port: number): number | null {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  return pid ? Number(pid) : null;
}

test('the API killed with SIGKILL is restarted; meanwhile the portal answers 503', async ({ request }) => {
  const pid = listenerPid(API_PORT);
  test.skip(pid === null, 'no API process on this machine (PORTAL_API_URL points elsewhere)');
  expect((await request.get('/api/users/authorised')).status()).toBe(401);

  process.kill(pid!, 'SIGKILL');
  let down: unknown = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/users/authorised');
        if (response.status() === 503) down = await response.json();
        return response.status();
      },
      { message: 'the proxy answers 503 while the API is down', timeout: 5_000, intervals: [50] },
    )
    .toBe(503);
  expect(down).toEqual({ status: 503, error: 'The service is unavailable. Please try again shortly.', code: 'service.busy', data: null });

  await expect
    .poll(async () => (await request.get('/api/users/authorised')).status(), { message: 'the API is back', timeout: 30_000, intervals: [250] })
    .toBe(401);
  expect(listenerPid(API_PORT)).not.toBe(pid);
});

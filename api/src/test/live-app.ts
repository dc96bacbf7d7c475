// For a file of concurrency tests: one test app listening on a free port (real HTTP, burst.ts),
// made before the file's tests and closed after them.
import type { Config } from '../config';
import { listen, type LiveServer } from './burst';
import { createTestApp, type TestApp } from './helpers';

export type LiveTestApp = { t: TestApp; server: LiveServer };

/** Registers the file's beforeAll/afterAll; read `.t` and `.server` inside the tests. */
export function liveTestApp(overrides: Partial<Config> = { logLevel: 'warn' }): LiveTestApp {
  const live = {} as LiveTestApp;
  beforeAll(async () => {
    live.t = await createTestApp(overrides);
    live.server = await listen(live.t.app);
  }, 60_000);
  afterAll(async () => {
    live.server.close();
    await live.t.close();
  });
  return live;
}

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from './build.mjs';

test("an app's config is made for the mode asked, whatever NODE_ENV says, and NODE_ENV is left as it was", async () => {
  const saved = process.env.NODE_ENV;
  process.env.NODE_ENV = 'development';
  try {
    const config = await loadConfig('host', 'production');
    assert.equal(config.mode, 'production');
    assert.equal(process.env.NODE_ENV, 'development');
  } finally {
    if (saved === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = saved;
  }
});

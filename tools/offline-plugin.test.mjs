// The host's offline build (tools/rspack/offline-plugin.mjs): which built files the service worker
// precaches, and how each is versioned.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { headTags, precacheEntries } from './rspack/offline-plugin.mjs';

const file = (name, content = name) => ({ name, content: Buffer.from(content) });

describe('the precache manifest of the host', () => {
  it('holds the shell, never the live files, maps, the contract entry or the worker itself', () => {
    const urls = precacheEntries(
      [
        'index.html',
        'main.95792ac223.js',
        '581.e5a06a713b.css',
        'icons/icon.svg',
        'manifest.webmanifest',
        'config.json',
        'mf-manifest.json',
        'mf-stats.json',
        'remoteEntry.js',
        'contract-modules.3cebedc4a3.js',
        'main.95792ac223.js.map',
        'sw.js',
        '.build-stamp',
      ].map((name) => file(name)),
    ).map(({ url }) => url);
    assert.deepEqual(urls, ['/581.e5a06a713b.css', '/icons/icon.svg', '/index.html', '/main.95792ac223.js', '/manifest.webmanifest']);
  });

  it('versions a hashed file by its name and any other by its content', () => {
    const [hashed] = precacheEntries([file('main.95792ac223.js')]);
    assert.equal(hashed.revision, null);
    const [before] = precacheEntries([file('index.html', '<p>one</p>')]);
    const [after] = precacheEntries([file('index.html', '<p>two</p>')]);
    assert.match(before.revision, /^[0-9a-f]{16}$/);
    assert.notEqual(before.revision, after.revision);
  });

  it('links the manifest, the theme colour and the icons from the page', () => {
    const tags = headTags('#cb3493');
    assert.match(tags, /<link rel="manifest" href="\/manifest.webmanifest" \/>/);
    assert.match(tags, /<meta name="theme-color" content="#cb3493" \/>/);
    assert.match(tags, /<link rel="icon" href="\/icons\/icon.svg"/);
  });
});

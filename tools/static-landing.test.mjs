// The host's built page (tools/rspack/static-landing.mjs): the landing markup in #root, and the app's
// entry scripts moved from the HTML onto the boot script's tag.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { entryScriptSources, fetchPreloadSources, withStaticLanding } from './rspack/static-landing.mjs';

const HTML = '<html><head><link href="/main.1.css" rel="stylesheet"></head><body><div id="root"></div></body></html>';

describe('index.html with the landing page in it', () => {
  it('puts the markup in #root and lists the entry scripts, in order, on the boot script', () => {
    const html = withStaticLanding(HTML, {
      markup: '<div id="static-landing" hidden>…</div>',
      bootSrc: '/boot.0123456789.js',
      appScripts: ['/a.js', '/main.0123456789.js'],
    });
    assert.equal(
      html,
      '<html><head><link href="/main.1.css" rel="stylesheet"></head><body><div id="root"><div id="static-landing" hidden>…</div></div>' +
        '<script src="/boot.0123456789.js" data-app-scripts="/a.js /main.0123456789.js"></script></body></html>',
    );
  });

  it('names the runtime config for boot.js to fetch only when the app loads', () => {
    const page = { markup: '', bootSrc: '/boot.js', appScripts: ['/main.js'], runtimeConfig: '/config.json' };
    assert.match(
      withStaticLanding(HTML, { ...page, appPreloads: ['/config.json'] }),
      /<script src="\/boot.js" data-app-scripts="\/main.js" data-runtime-config="\/config.json"><\/script>/,
    );
    assert.doesNotMatch(withStaticLanding(HTML, { ...page, appPreloads: [] }), /data-runtime-config/);
    assert.throws(() => withStaticLanding(HTML, { ...page, appPreloads: ['/config.json', '/other.json'] }), /the runtime config only, not \/other.json/);
  });

  it('refuses a page with no empty #root', () => {
    assert.throws(() => withStaticLanding('<body></body>', { markup: '', bootSrc: '/boot.js', appScripts: [] }), /no <div id="root"><\/div>/);
  });
});

describe('the entry scripts boot.js adds', () => {
  const tag = (attributes) => ({ tagName: 'script', attributes, voidTag: false });

  it('are the deferred scripts of the build, by address', () => {
    assert.deepEqual(entryScriptSources([tag({ defer: true, src: '/main.0123456789.js' })]), ['/main.0123456789.js']);
  });

  it('refuse what boot.js would change: a module, a blocking or async script, other attributes, an address to escape', () => {
    for (const attributes of [
      { defer: true, src: '/main.js', type: 'module' },
      { src: '/main.js' },
      { async: true, src: '/main.js' },
      { defer: true, src: '/main.js', crossorigin: 'anonymous' },
      { defer: true, src: '/main.js?a=1&b=2' },
    ]) {
      assert.throws(() => entryScriptSources([tag(attributes)]), /deferred classic scripts only/, JSON.stringify(attributes));
    }
  });
});

describe('the fetch preloads boot.js adds', () => {
  const link = (attributes) => ({ tagName: 'link', attributes, voidTag: true });

  it('are the crossorigin fetch preloads of <head> (the runtime config), by address; other head tags stay out', () => {
    const headTags = [
      link({ rel: 'preload', href: '/config.json', as: 'fetch', crossorigin: true }),
      link({ rel: 'stylesheet', href: '/main.css' }),
      link({ rel: 'preload', href: '/font.woff2', as: 'font', crossorigin: true }),
    ];
    assert.deepEqual(fetchPreloadSources(headTags), ['/config.json']);
  });

  it('refuse a preload boot.js would change: without crossorigin, or an address to escape', () => {
    for (const attributes of [
      { rel: 'preload', href: '/config.json', as: 'fetch' },
      { rel: 'preload', href: '/config.json?a=1&b=2', as: 'fetch', crossorigin: true },
    ]) {
      assert.throws(() => fetchPreloadSources([link(attributes)]), /crossorigin fetch preloads only/, JSON.stringify(attributes));
    }
  });
});

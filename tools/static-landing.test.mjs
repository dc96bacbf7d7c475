// The host's built page (tools/rspack/static-landing.mjs): the landing markup in #root, and the app's
// entry scripts moved from the HTML onto the boot script's tag.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withStaticLanding } from './rspack/static-landing.mjs';

const HTML = '<html><head><link href="/main.1.css" rel="stylesheet"></head><body><div id="root"></div></body></html>';

describe('index.html with the landing page in it', () => {
  it('puts the markup in #root and lists the entry scripts, with their attributes, on the boot script', () => {
    const html = withStaticLanding(HTML, {
      markup: '<div id="static-landing" hidden>…</div>',
      bootSrc: '/boot.0123456789.js',
      appScripts: [{ defer: true, src: '/main.0123456789.js' }],
    });
    assert.equal(
      html,
      '<html><head><link href="/main.1.css" rel="stylesheet"></head><body><div id="root"><div id="static-landing" hidden>…</div></div>' +
        '<script src="/boot.0123456789.js" data-app-scripts="[{&quot;defer&quot;:true,&quot;src&quot;:&quot;/main.0123456789.js&quot;}]"></script></body></html>',
    );
  });

  it('escapes the list for its attribute', () => {
    const html = withStaticLanding(HTML, { markup: '', bootSrc: '/boot.js', appScripts: [{ src: '/a.js?x="<&' }] });
    assert.match(html, /data-app-scripts="\[\{&quot;src&quot;:&quot;\/a\.js\?x=\\&quot;&lt;&amp;&quot;\}\]"/);
  });

  it('refuses a page with no empty #root', () => {
    assert.throws(() => withStaticLanding('<body></body>', { markup: '', bootSrc: '/boot.js', appScripts: [] }), /no <div id="root"><\/div>/);
  });
});

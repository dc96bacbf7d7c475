// How the front-end bench tells a page's files apart (the "by part" figures), for the portal's apps
// and for the federated floor's. Run: `pnpm test:tools`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { federatedFloorApps, fileClassifier } from './front-end';

const shared = (name: string, ...js: string[]) => ({ name, assets: { js: { sync: js, async: [] }, css: { sync: [], async: [] } } });

test("the federated floor's files: the host's and the remote's by port, remoteEntry.js the federation runtime", () => {
  const apps = federatedFloorApps('http://127.0.0.1:4100/', 'http://127.0.0.1:4200/');
  assert.deepEqual(
    apps.map(({ port, part, label }) => ({ port, part, label })),
    [
      { port: '4100', part: 'floor host', label: 'floor host app' },
      { port: '4200', part: 'floor remote', label: 'floor remote app' },
    ],
  );
  const classify = fileClassifier(apps, (app) => (app.part === 'floor remote' ? [shared('react/jsx-runtime', '681.0123456789.js')] : []));
  assert.equal(classify('http://127.0.0.1:4100/main.0123456789.js'), 'floor host');
  assert.equal(classify('http://127.0.0.1:4100/config.json'), 'floor host');
  assert.equal(classify('http://127.0.0.1:4200/remoteEntry.js'), 'federation runtime');
  assert.equal(classify('http://127.0.0.1:4200/__federation_expose_Page.0123456789.js'), 'floor remote');
  assert.equal(classify('http://127.0.0.1:4200/681.0123456789.js'), 'shared libraries');
  assert.equal(classify('http://127.0.0.1:4300/x.js'), 'other');
});

test("a main chunk is its app's own even when it holds eager shared modules; @portal/shared apart from other libraries", () => {
  const host = { dir: '/h', port: '8080', part: 'host', label: 'host app' };
  const classify = fileClassifier([host], () => [
    shared('react', 'main.0123456789.js', 'react-dom.0123456789.js'),
    shared('@portal/shared/ui', 'portal-shared.0123456789.js'),
  ]);
  assert.equal(classify('http://localhost:8080/main.0123456789.js'), 'host');
  assert.equal(classify('http://localhost:8080/react-dom.0123456789.js'), 'shared libraries');
  assert.equal(classify('http://localhost:8080/portal-shared.0123456789.js'), '@portal/shared');
});

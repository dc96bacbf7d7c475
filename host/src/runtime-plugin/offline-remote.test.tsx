/**
 * @jest-environment-options {"resources": "usable"}
 */
// The offline runtime plugin with the REAL federation runtime, against a remote served over real
// HTTP (a server of this test on a free port; jsdom loads its remoteEntry.js as a browser would).
// A remote whose manifest fails, whose remoteEntry fails, or whose page throws while rendering
// shows the "section unavailable" panel, and 'Try again' recovers once the remote is back.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInThisContext } from 'node:vm';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as FederationRuntime from '@module-federation/enhanced/runtime';
import { setTestRuntimeConfig } from '@portal/shared/testing/render';
import { RemotePage } from '../remotes/RemotePage';
import { registerPortalRemotes, retryRemote } from '../remotes/register-remotes';
import offlineRemotePlugin from './offline-remote';

// This file runs the real runtime, not the host's double (testing/mock-outside-worlds.ts).
jest.unmock('@module-federation/enhanced/runtime');
const { init } = jest.requireActual<typeof FederationRuntime>('@module-federation/enhanced/runtime');

/** What the test remote does at the moment; a test changes it to take the remote down or bring it back. */
type RemoteBehaviour = { manifest: 'ok' | 'fails'; entry: 'ok' | 'fails'; page: 'ok' | 'throws' };

const behaviour: RemoteBehaviour = { manifest: 'ok', entry: 'ok', page: 'ok' };

function manifest(origin: string) {
  return {
    id: 'remote_pay',
    name: 'remote_pay',
    metaData: {
      name: 'remote_pay',
      globalName: 'remote_pay',
      buildInfo: { buildVersion: '1.0.0', buildName: 'remote-pay' },
      publicPath: `${origin}/`,
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      pluginVersion: '2.9.2',
    },
    shared: [],
    remotes: [],
    exposes: [{ id: 'remote_pay:HomePage', name: 'HomePage', path: './HomePage', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }],
  };
}

/** A container as a built remote's remoteEntry.js sets it up: `init` and `get(expose)`. */
function remoteEntry(page: RemoteBehaviour['page']) {
  const body = page === 'throws' ? "throw new Error('HomePage broke while rendering');" : "return 'Home from the remote';";
  return `globalThis.remote_pay = {
    init: function () {},
    get: function (expose) {
      if (expose !== './HomePage') return Promise.reject(new Error('No ' + expose));
      return Promise.resolve(function () { return { default: function HomePage() { ${body} } }; });
    },
  };`;
}

let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const send = (status: number, type: string, text: string) => {
      response.writeHead(status, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' });
      response.end(text);
    };
    if (request.url === '/mf-manifest.json') {
      if (behaviour.manifest === 'fails') send(500, 'text/plain', 'down');
      else send(200, 'application/json', JSON.stringify(manifest(origin)));
    } else if (request.url?.startsWith('/remoteEntry.js')) {
      if (behaviour.entry === 'fails') send(404, 'text/plain', 'not here');
      else send(200, 'application/javascript', remoteEntry(behaviour.page));
    } else {
      send(404, 'text/plain', 'not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // jsdom has no fetch; the runtime fetches the manifest with Node's.
  window.fetch = runInThisContext('fetch') as typeof fetch;
  init({ name: 'host', remotes: [], plugins: [offlineRemotePlugin()] });
  registerPortalRemotes(setTestRuntimeConfig({ remotes: { pay: `${origin}/mf-manifest.json` } }));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  Object.assign(behaviour, { manifest: 'ok', entry: 'ok', page: 'ok' });
  // The runtime keeps a remote it loaded (so does the page): each test starts as after a Try again.
  retryRemote('remote_pay/HomePage');
});

const PANEL = { level: 1, name: 'This section is unavailable' } as const;

function renderHome() {
  return render(<RemotePage id="remote_pay/HomePage" />);
}

async function tryAgain() {
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
}

describe('a remote loaded by the real federation runtime with the offline plugin', () => {
  it('whose manifest fails shows the panel, and Try again loads it once it is back', async () => {
    behaviour.manifest = 'fails';
    renderHome();
    expect(await screen.findByRole('heading', PANEL, { timeout: 10_000 })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Could not load remote_pay/HomePage (onLoad).', expect.anything());

    behaviour.manifest = 'ok';
    await tryAgain();
    expect(await screen.findByText('Home from the remote', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('whose remoteEntry fails shows the panel, and Try again loads it once it is back', async () => {
    behaviour.entry = 'fails';
    renderHome();
    expect(await screen.findByRole('heading', PANEL, { timeout: 10_000 })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/^Could not load remote_pay\/HomePage/),
      expect.objectContaining({ message: expect.stringContaining('remoteEntry.js') }),
    );

    behaviour.entry = 'ok';
    await tryAgain();
    expect(await screen.findByText('Home from the remote', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('whose page throws while rendering shows the panel, and Try again renders the mended page', async () => {
    behaviour.page = 'throws';
    renderHome();
    expect(await screen.findByRole('heading', PANEL, { timeout: 10_000 })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(
      'The page from remote_pay/HomePage failed.',
      expect.objectContaining({ message: 'HomePage broke while rendering' }),
    );

    behaviour.page = 'ok';
    await tryAgain();
    expect(await screen.findByText('Home from the remote', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

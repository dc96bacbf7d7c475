/**
 * @jest-environment-options {"resources": "usable"}
 */
// The offline runtime plugin with the REAL federation runtime, against a remote served over real
// HTTP (a server of this test on a free port; jsdom loads its remoteEntry.js as a browser would).
// The runtime is the one the builds make (no manifest support: tools/jest/create-config.cjs
// defines it so). A remote whose remoteEntry fails, or whose page throws while rendering, shows the
// "section unavailable" panel, and 'Try again' recovers once the remote is back.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as FederationRuntime from '@module-federation/enhanced/runtime';

import { setHostTestRuntimeConfig } from '../testing/portal-pages';
import { RemotePage } from '../remotes/RemotePage';
import { registerPortalRemotes, retryRemote } from '../remotes/register-remotes';
import offlineRemotePlugin from './offline-remote';

// This file runs the real runtime, not the host's double (testing/mock-outside-worlds.ts).
jest.unmock('@module-federation/enhanced/runtime');
const { init } = jest.requireActual<typeof FederationRuntime>('@module-federation/enhanced/runtime');

/** What the test remote does at the moment; a test changes it to take the remote down or bring it back. */
type RemoteBehaviour = { entry: 'ok' | 'fails'; page: 'ok' | 'throws' };

const behaviour: RemoteBehaviour = { entry: 'ok', page: 'ok' };
/** Every path the test remote was asked for. */
const requested: string[] = [];

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
    requested.push(request.url ?? '');
    if (request.url?.startsWith('/remoteEntry.js')) {
      if (behaviour.entry === 'fails') send(404, 'text/plain', 'not here');
      else send(200, 'application/javascript', remoteEntry(behaviour.page));
    } else {
      send(404, 'text/plain', 'not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  init({ name: 'host', remotes: [], plugins: [offlineRemotePlugin()] });
  registerPortalRemotes(setHostTestRuntimeConfig({ remotes: { pay: `${origin}/remoteEntry.js` } }));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  Object.assign(behaviour, { entry: 'ok', page: 'ok' });
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
  it('registered by its remoteEntry.js, loads its page with no manifest', async () => {
    renderHome();
    expect(await screen.findByText('Home from the remote', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !url.startsWith('/remoteEntry.js'))).toEqual([]);
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

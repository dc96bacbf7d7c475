// Crash isolation (docs/architecture.md), below the browser: whatever goes wrong with
// one remote's page, the "section unavailable" panel stands in for it, 'Try again' recovers, and
// the other pages keep working. The federation runtime is the host's test double (host-mocks.ts).
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';

import { setHostTestRuntimeConfig } from '../testing/portal-pages';
import { remoteModules, resetRemoteModules } from '../testing/host-mocks';
import { registerPortalRemotes } from './register-remotes';
import { RemotePage, startRemotePageLoad } from './RemotePage';
import { unavailableRemoteModule } from './unavailable-marker';

// RemotePage keeps what it loaded for the page's lifetime (per id and attempt): each test uses
// remotes of its own.
let HOME = '';
let DOCUMENTS = '';
let testNumber = 0;

/** A page module whose page throws while rendering as long as `broken.now` is true. */
function pageThatThrows(broken: { now: boolean }) {
  function HomePage() {
    if (broken.now) throw new Error('HomePage broke while rendering');
    return <h1>Home</h1>;
  }
  return async () => ({ default: HomePage });
}

/** Two remote pages under one layout, as the host's route table mounts them. */
function renderPortal(initial = '/') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <nav aria-label="Main">
              <Link to="/">Home</Link> <Link to="/documents">Documents</Link>
            </nav>
            <main>
              <Outlet />
            </main>
          </>
        ),
        children: [
          { path: '/', element: <RemotePage id={HOME} /> },
          { path: '/documents', element: <RemotePage id={DOCUMENTS} /> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const panel = () => screen.findByRole('heading', { level: 1, name: 'This section is unavailable' });

let errorLog: jest.SpyInstance;

beforeEach(() => {
  testNumber += 1;
  HOME = `remote_pay_${testNumber}/HomePage`;
  DOCUMENTS = `remote_documents_${testNumber}/DocumentsPage`;
  resetRemoteModules();
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
});

describe('a remote page', () => {
  it('shows the page the remote exposes', async () => {
    renderPortal('/documents');
    expect(await screen.findByText(`remote page ${DOCUMENTS}`)).toBeInTheDocument();
  });

  it('waits for the texts its module loads before it first renders, so a Welsh page never shows English first', async () => {
    let textsLoaded!: () => void;
    const texts = { heading: 'Home' };
    const loadMessages = () =>
      new Promise<void>((resolve) => {
        textsLoaded = () => {
          texts.heading = 'Hafan';
          resolve();
        };
      });
    remoteModules.set(HOME, async () => ({ default: () => <h1>{texts.heading}</h1>, loadMessages }));
    renderPortal();
    await act(async () => {});
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await act(async () => textsLoaded());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hafan' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Home' })).not.toBeInTheDocument();
  });

  it('started before it renders is loaded once: the render takes the load already under way', async () => {
    const load = jest.fn(async () => ({ default: () => <h1>Home</h1> }));
    remoteModules.set(HOME, load);
    startRemotePageLoad(HOME);
    startRemotePageLoad(HOME);
    expect(load).toHaveBeenCalledTimes(1);
    renderPortal();
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('started before it renders and failed shows the panel when it renders, and Try again loads it afresh', async () => {
    let down = true;
    remoteModules.set(HOME, async () => {
      if (down) throw new Error('ScriptNetworkError: Failed to load script "http://localhost:3002/remoteEntry.js"');
      return { default: () => <h1>Home</h1> };
    });
    startRemotePageLoad(HOME);
    const { user } = renderPortal();
    expect(await panel()).toBeInTheDocument();

    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });

  it('that throws while rendering shows the panel, and Try again renders it afresh', async () => {
    const broken = { now: true };
    remoteModules.set(HOME, pageThatThrows(broken));
    const { user } = renderPortal();
    expect(await panel()).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(errorLog).toHaveBeenCalledWith(`The page from ${HOME} failed.`, expect.objectContaining({ message: 'HomePage broke while rendering' }));

    broken.now = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByText('This section is unavailable')).not.toBeInTheDocument();
  });

  it('whose module cannot be loaded shows the panel, and Try again loads it again', async () => {
    let down = true;
    remoteModules.set(HOME, async () => {
      if (down) throw new Error('ScriptNetworkError: Failed to load script "http://localhost:3002/remoteEntry.js"');
      return { default: () => <h1>Home</h1> };
    });
    const { user } = renderPortal();
    expect(await panel()).toBeInTheDocument();

    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });

  it("that the offline plugin answered for shows the panel, with the plugin's reason", async () => {
    remoteModules.set(HOME, async () => () => unavailableRemoteModule(HOME, 'needs-newer-portal'));
    renderPortal();
    expect(await panel()).toBeInTheDocument();
    expect(screen.getByText(/This section needs a newer version of the portal\./)).toBeInTheDocument();
  });

  it('that has no page to show shows the panel', async () => {
    remoteModules.set(HOME, async () => ({ notAPage: true }));
    renderPortal();
    expect(await panel()).toBeInTheDocument();
  });

  it('keeps its failure to itself: the next remote page shows, and coming back shows the panel again', async () => {
    remoteModules.set(HOME, pageThatThrows({ now: true }));
    const { user } = renderPortal();
    expect(await panel()).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Documents' }));
    expect(await screen.findByText(`remote page ${DOCUMENTS}`)).toBeInTheDocument();
    expect(screen.queryByText('This section is unavailable')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(await panel()).toBeInTheDocument();
  });

  it("drops the remote's failed entry from the runtime on Try again, so it is fetched afresh", async () => {
    const { registerRemotes } = jest.requireMock<{ registerRemotes: jest.Mock }>('@module-federation/enhanced/runtime');
    registerPortalRemotes(setHostTestRuntimeConfig({ remotes: { pay: 'http://pay.example/remoteEntry.js' } }));
    HOME = 'remote_pay/HomePage';
    remoteModules.set(HOME, pageThatThrows({ now: true }));
    const { user } = renderPortal();
    await panel();
    registerRemotes.mockClear();
    await act(() => user.click(screen.getByRole('button', { name: 'Try again' })));
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'remote_pay', entry: 'http://pay.example/remoteEntry.js' }], { force: true });
  });
});

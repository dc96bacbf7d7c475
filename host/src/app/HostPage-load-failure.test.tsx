// Review of dcd4ddf (home-bytes): the host's support and landing pages come from a lazily loaded
// host-pages chunk (HostPage.tsx). Before it they were in main.js and could not fail to load; now a
// failed load (the file down, a 404 after a redeploy) must not take the shell away, and must offer
// 'Try again' as a remote page that does not load does (RemoteErrorBoundary, RemoteUnavailablePanel).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AuthorisedUser } from '@portal/shared/api/types';
import { envelopeReply, mockApi } from '@portal/shared/testing/mock-api';
import { resetStores } from '@portal/shared/testing/render';
import { setHostTestRuntimeConfig } from '../testing/portal-pages';
import { resetSdkState } from '../testing/host-mocks';
import { routesFor } from './routes';

// The chunk does not load (while mockChunkDown): what the browser's chunk loader rejects with. Each attempt is counted.
let mockAttempts = 0;
let mockChunkDown = true;
jest.mock('./host-pages', () => {
  mockAttempts += 1;
  if (!mockChunkDown) return jest.requireActual('./host-pages');
  throw Object.assign(new Error('Loading chunk host-pages failed.\n(error: http://localhost:8080/host-pages.0123456789.js)'), { name: 'ChunkLoadError' });
});

const user: AuthorisedUser = {
  userID: 'u1',
  email: 'alex.morgan@example.com',
  privacyPolicyAccepted: true,
  employments: [{ ID: 'e1', name: 'Northwind Logistics Ltd', active: true, endDate: null }],
};

beforeEach(() => {
  resetStores();
  resetSdkState();
  setHostTestRuntimeConfig();
  mockApi({ 'GET /api/users/authorised': envelopeReply([user]) });
  jest.spyOn(console, 'error').mockImplementation(() => {});
  mockAttempts = 0;
  mockChunkDown = true;
});

afterEach(() => jest.restoreAllMocks());

// startHostPages() drops a failed load, and HostPage calls it on every render: the render that shows the
// failure starts a new load, whose failure starts another... the page stays blank (HostPage renders null
// while loading, so the error never reaches the errorElement) and the browser asks for the chunk again and
// again, one request per round trip, for as long as the tab is open.
it('a failed load of the host-pages chunk is not tried again and again on its own', async () => {
  render(<RouterProvider router={createMemoryRouter(routesFor('signedOut'), { initialEntries: ['/'] })} />);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(mockAttempts).toBeLessThanOrEqual(2);
});

it('during set-up, /support whose chunk does not load keeps the header and its Help link, and offers Try again', async () => {
  render(<RouterProvider router={createMemoryRouter(routesFor('signUpIncomplete'), { initialEntries: ['/support'] })} />);
  // Today: the route's errorElement, 'Unexpected Application Error!' with the chunk's message, in place of the frame.
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
  expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Help' })).toBeInTheDocument();
});

it('signed out, the landing page whose chunk does not load shows no raw chunk error', async () => {
  render(<RouterProvider router={createMemoryRouter(routesFor('signedOut'), { initialEntries: ['/?token=INVITE-2026-DEMO'] })} />);
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(screen.queryByText(/Loading chunk host-pages failed/)).not.toBeInTheDocument();
});

it('Try again loads the page once the chunk is back, with one new request', async () => {
  render(<RouterProvider router={createMemoryRouter(routesFor('signUpIncomplete'), { initialEntries: ['/support'] })} />);
  const tryAgain = await screen.findByRole('button', { name: 'Try again' });
  const attemptsBefore = mockAttempts;
  mockChunkDown = false;
  await userEvent.click(tryAgain);
  expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
  expect(mockAttempts).toBe(attemptsBefore + 1);
});

import { routesFor } from '../app/routes';
import { REMOTES } from '@portal/shared/remotes';
import { startHostPages } from '../app/HostPage';
import { firstRemotePageId, preloadFirstRemotePage, remoteRoutePairs } from './preload-first-page';

jest.mock('../app/HostPage', () => ({ ...jest.requireActual<object>('../app/HostPage'), startHostPages: jest.fn() }));

test('the first remote page of a signed-in visit is found from the address', () => {
  const routes = routesFor('signedIn');
  expect(firstRemotePageId(routes, '/')).toBe('remote_pay/HomePage');
  expect(firstRemotePageId(routes, '/payslips')).toBe('remote_pay/PayslipsPage');
  expect(firstRemotePageId(routes, '/documents')).toBe('remote_documents/DocumentsPage');
});

test('a page of the host itself preloads no remote', () => {
  expect(firstRemotePageId(routesFor('signedIn'), '/support')).toBeNull();
  expect(firstRemotePageId(routesFor('signedOut'), '/')).toBeNull();
});

test("a first page of the host's own starts the host-pages chunk (HostPage.tsx), a remote page does not", () => {
  expect(preloadFirstRemotePage(routesFor('signedIn'), '/support')).toBeNull();
  expect(preloadFirstRemotePage(routesFor('signedOut'), '/')).toBeNull();
  expect(startHostPages).toHaveBeenCalledTimes(2);
  jest.mocked(startHostPages).mockClear();
  preloadFirstRemotePage(routesFor('signedOut'), '/login');
  preloadFirstRemotePage(routesFor('signedIn'), '/');
  expect(startHostPages).not.toHaveBeenCalled();
});

test('the routes the build lists for boot.js name the remote the app then loads at each', () => {
  const routes = routesFor('signedIn');
  const pairs = remoteRoutePairs(routes);
  expect(pairs).toEqual(expect.arrayContaining(['/=pay', '/payslips/:id=pay', '/documents=documents', '/settings=profile', '/setup=onboarding']));
  expect(pairs.some((pair) => pair.startsWith('/support='))).toBe(false);
  for (const pair of pairs) {
    const [path = '', key] = pair.split('=');
    const id = firstRemotePageId(routes, path.replace(/:[^/]+/g, '42'));
    expect(REMOTES.find(({ federationName }) => `${federationName}/` === id?.slice(0, federationName.length + 1))?.key).toBe(key);
  }
});

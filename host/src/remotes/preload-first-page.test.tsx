import { routesFor } from '../app/routes';
import { startHostPages } from '../app/HostPage';
import { setHostTestRuntimeConfig } from '../testing/portal-pages';
import { firstRouteHandle, preloadFirstPage } from './preload-first-page';
import { startRemotePageLoad } from './RemotePage';

jest.mock('../app/HostPage', () => ({ ...jest.requireActual<object>('../app/HostPage'), startHostPages: jest.fn() }));
jest.mock('./RemotePage', () => ({ ...jest.requireActual<object>('./RemotePage'), startRemotePageLoad: jest.fn() }));

beforeEach(() => setHostTestRuntimeConfig());

test('the first remote page of a signed-in visit is found from the address, by the page lists', () => {
  const routes = routesFor('signedIn');
  expect(firstRouteHandle(routes, '/')).toEqual({ pageId: 'remote_pay/HomePage', firstScreen: ['payslips', 'updates'] });
  expect(firstRouteHandle(routes, '/payslips').pageId).toBe('remote_pay/PayslipsPage');
  expect(firstRouteHandle(routes, '/payslips/42').pageId).toBe('remote_pay/PayslipDetailPage');
  expect(firstRouteHandle(routes, '/P60').pageId).toBe('remote_documents/PayDocumentsPage');
  expect(firstRouteHandle(routes, '/documents').pageId).toBe('remote_documents/DocumentsPage');
  expect(firstRouteHandle(routesFor('signUpIncomplete'), '/anything').pageId).toBe('remote_onboarding/SelectCompanyPage');
});

test('a page of the host itself preloads no remote', () => {
  expect(firstRouteHandle(routesFor('signedIn'), '/support')).toEqual({ hostPage: true });
  expect(firstRouteHandle(routesFor('signedOut'), '/')).toEqual({ hostPage: true });
  expect(firstRouteHandle(routesFor('signedIn'), '/nowhere')).toEqual({});
});

test("a first page of the host's own starts the host-pages chunk (HostPage.tsx), a remote page its remote", () => {
  preloadFirstPage(routesFor('signedIn'), '/support');
  preloadFirstPage(routesFor('signedOut'), '/');
  expect(startHostPages).toHaveBeenCalledTimes(2);
  expect(startRemotePageLoad).not.toHaveBeenCalled();
  jest.mocked(startHostPages).mockClear();
  preloadFirstPage(routesFor('signedOut'), '/login');
  preloadFirstPage(routesFor('signedIn'), '/');
  expect(startHostPages).not.toHaveBeenCalled();
  expect(startRemotePageLoad).toHaveBeenCalledWith('remote_pay/HomePage');
});

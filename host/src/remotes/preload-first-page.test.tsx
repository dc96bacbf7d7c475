import { routesFor } from '../app/routes';
import { firstRemotePageId } from './preload-first-page';

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

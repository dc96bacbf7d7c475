import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, mockApi } from '@portal/shared/testing/mock-api';
import { resetStores } from '@portal/shared/testing/render';
import { setHostTestRuntimeConfig } from '../testing/portal-pages';
import { remoteModules, resetRemoteModules } from '../testing/host-mocks';
import { startFirstScreenData } from './first-screen-data';
import { startFirstPage } from './start-first-page';

const EMPLOYMENT_DATA = 'GET /api/users/:userId/employments/:employmentId/:what';

/** Records which remote pages start loading. */
function watchRemotePages(...ids: string[]) {
  const started: string[] = [];
  for (const id of ids) {
    remoteModules.set(id, () => {
      started.push(id);
      return Promise.resolve({ default: () => null });
    });
  }
  return started;
}

beforeEach(() => {
  resetStores();
  resetRemoteModules();
  setHostTestRuntimeConfig();
});

test("a signed-up user's Home starts remote-pay's page and Home's payslips and updates", async () => {
  useSignUpStore.setState({ isSignedUp: true });
  arrangeHostState({ userId: 'user-1', employmentId: 'emp-1' });
  const api = mockApi({ [EMPLOYMENT_DATA]: envelopeReply([]) });
  const started = watchRemotePages('remote_pay/HomePage', 'remote_onboarding/SelectCompanyPage');

  startFirstScreenData(startFirstPage('/').firstScreen);

  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(started).toEqual(['remote_pay/HomePage']);
  expect(api.requests.map((request) => request.path).sort()).toEqual([
    '/api/users/user-1/employments/emp-1/payslips',
    '/api/users/user-1/employments/emp-1/updates',
  ]);
});

test("a user who must choose an employment starts the account picker's page, not Home's, and asks for no pay data", async () => {
  useSignUpStore.setState({ isSignedUp: false });
  arrangeHostState({ userId: 'user-1', employmentId: null });
  const api = mockApi({ [EMPLOYMENT_DATA]: envelopeReply([]) });
  const started = watchRemotePages('remote_pay/HomePage', 'remote_onboarding/SelectCompanyPage');

  startFirstScreenData(startFirstPage('/').firstScreen);

  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(started).toEqual(['remote_onboarding/SelectCompanyPage']);
  expect(api.requests).toEqual([]);
});

test('another first page asks for no Home data', async () => {
  useSignUpStore.setState({ isSignedUp: true });
  arrangeHostState({ userId: 'user-1', employmentId: 'emp-1' });
  const api = mockApi({ [EMPLOYMENT_DATA]: envelopeReply([]) });
  const started = watchRemotePages('remote_documents/DocumentsPage');

  startFirstScreenData(startFirstPage('/documents').firstScreen);

  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(started).toEqual(['remote_documents/DocumentsPage']);
  expect(api.requests).toEqual([]);
});

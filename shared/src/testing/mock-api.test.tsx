import { apiGet, apiGetBlob, apiPost, getApiErrorMessage, getApiErrorStatus, isCancelledRequest, userApiPath } from '../api/client';
import { useSessionStore } from '../stores/session';
import { envelopeReply, errorReply, fileReply, mockApi } from './mock-api';
import { resetStores, setTestRuntimeConfig } from './render';

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
});

describe('mockApi', () => {
  it('answers enveloped data by method and path pattern, and records requests', async () => {
    useSessionStore.getState().setUserId('u1');
    const api = mockApi({
      'GET /api/users/:userId/employments/:employmentId/payslips': ({ params }) => envelopeReply([{ ID: `${params.employmentId}-p1` }]),
      'POST /api/users/:userId/linking_code/:code': envelopeReply('[]'),
    });
    const payslips = await apiGet<{ ID: string }[]>(userApiPath('u1', 'employments', 'e 1', 'payslips'));
    expect(payslips.data).toEqual([{ ID: 'e 1-p1' }]);
    const finalize = await apiPost<string>(userApiPath('u1', 'linking_code', '123456'), { code: '123456' });
    expect(finalize.data).toBe('[]');
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/users/u1/employments/e%201/payslips',
      'POST /api/users/u1/linking_code/123456',
    ]);
    expect(api.requests[1]?.params).toEqual({ userId: 'u1', code: '123456' });
    expect(api.requests[1]?.body).toEqual({ code: '123456' });
  });

  it('answers errors and unknown routes with the error shape', async () => {
    mockApi({ 'GET /api/users/authorised': errorReply(401, 'Signed out') });
    const error: unknown = await apiGet('/api/users/authorised').catch((e: unknown) => e);
    expect(getApiErrorStatus(error)).toBe(401);
    expect(getApiErrorMessage(error)).toBe('You have been signed out. Sign in again to carry on.');
    const missing: unknown = await apiGet('/nowhere').catch((e: unknown) => e);
    expect(getApiErrorStatus(missing)).toBe(404);
  });

  it('serves files and plain JSON', async () => {
    mockApi({ 'GET /file': fileReply('Payslip.pdf'), 'GET /api/user/:sub': { body: { user: { id: 'u1' } } } });
    await expect(apiGetBlob('/file')).resolves.toMatchObject({ filename: 'Payslip.pdf' });
    await expect(apiGet('/api/user/u1')).resolves.toEqual({ status: 200, error: null, data: { user: { id: 'u1' } } });
  });

  it('cancels a pending answer when the signal aborts', async () => {
    mockApi({ 'GET /slow': () => new Promise(() => {}) });
    const controller = new AbortController();
    const pending = apiGet('/slow', { signal: controller.signal });
    controller.abort();
    expect(isCancelledRequest(await pending.catch((e: unknown) => e))).toBe(true);
  });

  it('restores the real adapter', () => {
    const api = mockApi({});
    api.restore();
    expect(api.requests).toEqual([]);
  });
});

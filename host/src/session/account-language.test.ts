import { activateLanguage, chooseLanguage, LANGUAGE_COOKIE } from '@portal/shared/i18n';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import { resetStores } from '@portal/shared/testing/render';
import { useSessionStore } from '@portal/shared/stores/session';
import { setHostTestRuntimeConfig } from '../testing/portal-pages';
import { followAccountLanguage, saveAccountLanguage, switchLanguage } from './account-language';

beforeEach(() => {
  resetStores();
  setHostTestRuntimeConfig({ languages: ['en', 'cy'] });
});

afterEach(() => {
  activateLanguage('en');
  document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/`;
});

describe("the account's language", () => {
  it('brings this device to the language on the account, once, and remembers it here', () => {
    const reload = jest.fn();
    followAccountLanguage('cy', reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(chooseLanguage(document.cookie, [])).toBe('cy');
  });

  it('leaves the page alone when it is already in that language, none is on the account, or the config does not offer it', () => {
    const reload = jest.fn();
    followAccountLanguage('en', reload);
    followAccountLanguage(null, reload);
    followAccountLanguage(undefined, reload);
    setHostTestRuntimeConfig({ languages: ['en'] });
    followAccountLanguage('cy', reload);
    expect(reload).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain(LANGUAGE_COOKIE);
  });

  it("keeps a signed-in person's choice on their account", async () => {
    useSessionStore.getState().setUserId('u1');
    const api = mockApi({ 'PATCH /api/users/:userId': envelopeReply({ userID: 'u1', privacyPolicyAccepted: true, email: null, language: 'cy' }) });
    await saveAccountLanguage('cy');
    expect(api.requests.map((request) => [request.method, request.path, request.body])).toEqual([['PATCH', '/api/users/u1', { language: 'cy' }]]);
  });

  it('still lets the page change language when the account cannot take the choice', async () => {
    useSessionStore.getState().setUserId('u1');
    const api = mockApi({ 'PATCH /api/users/:userId': errorReply(503, 'The service is busy. Try again in a moment.') });
    await expect(saveAccountLanguage('cy')).resolves.toBeUndefined();
    expect(api.requests).toHaveLength(1);
  });

  it('switches: remembers the choice here, keeps it on a signed-in account, then loads the page again; signed out, no account call', async () => {
    useSessionStore.getState().setUserId('u1');
    const api = mockApi({ 'PATCH /api/users/:userId': envelopeReply({ userID: 'u1', privacyPolicyAccepted: true, email: null, language: 'cy' }) });
    const reload = jest.fn(() => expect(api.requests).toHaveLength(1));
    await switchLanguage('cy', { signedIn: true }, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(chooseLanguage(document.cookie, [])).toBe('cy');

    await switchLanguage('en', { signedIn: false }, reload);
    expect(api.requests).toHaveLength(1);
    expect(chooseLanguage(document.cookie, [])).toBe('en');
  });
});

// Settings › Passkeys, found by role and visible text, against a fake API; the browser's passkey
// prompt (@simplewebauthn/browser) is mocked here, in the unit tests only (the journey uses a real
// virtual authenticator: e2e/tests/passkeys.spec.ts).
import { screen, waitFor, within } from '@testing-library/react';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import type { Passkey } from '@portal/shared/api/types';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import type { MockApiReply, MockApiRequest } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { passkeyExplained, PasskeysSection } from './PasskeysSection';
import { expectNoAxeViolations } from './axe';

jest.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: jest.fn(), startRegistration: jest.fn() }));
const supports = jest.mocked(browserSupportsWebAuthn);
const register = jest.mocked(startRegistration);

const USER = 'user-sam';
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'Pay portal' } };
const CREDENTIAL = { id: 'bmV3', rawId: 'bmV3', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AA' }, clientExtensionResults: {} };

const phone: Passkey = { id: 'pk_phone', name: 'Sam’s phone', createdAt: '2026-05-14T09:30:00.000Z', lastUsedAt: '2026-06-02T18:05:00.000Z' };
const laptop: Passkey = { id: 'pk_laptop', name: 'Work laptop', createdAt: '2026-06-01T08:00:00.000Z', lastUsedAt: null };

type Overrides = { list?: MockApiReply; add?: MockApiReply; rename?: MockApiReply; remove?: MockApiReply };

/** A fake API holding the user's passkeys: adding, renaming and removing change what the list answers. */
function setUp(passkeys: Passkey[] = [phone], overrides: Overrides = {}) {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: USER });
  supports.mockReturnValue(true);
  register.mockResolvedValue(CREDENTIAL as never);
  let held = [...passkeys];
  return mockApi({
    'GET /api/users/:userId/passkeys': ({ params }) => overrides.list ?? (params.userId === USER ? envelopeReply(held) : errorReply(403, 'Not yours')),
    'POST /api/users/:userId/passkeys/options': envelopeReply(OPTIONS),
    'POST /api/users/:userId/passkeys': ({ body }: MockApiRequest) => {
      if (overrides.add) return overrides.add;
      const added = { id: 'pk_new', name: (body as { name: string }).name, createdAt: '2026-06-03T10:00:00.000Z', lastUsedAt: null };
      held = [...held, added];
      return envelopeReply(added);
    },
    'PATCH /api/users/:userId/passkeys/:passkeyId': ({ params, body }: MockApiRequest) => {
      if (overrides.rename) return overrides.rename;
      held = held.map((p) => (p.id === params.passkeyId ? { ...p, name: (body as { name: string }).name } : p));
      return envelopeReply(held.find((p) => p.id === params.passkeyId));
    },
    'DELETE /api/users/:userId/passkeys/:passkeyId': ({ params }: MockApiRequest) => {
      if (overrides.remove) return overrides.remove;
      held = held.filter((p) => p.id !== params.passkeyId);
      return envelopeReply({ removed: true });
    },
  });
}

const renderSection = () => renderWithProviders(<PasskeysSection />, { route: '/settings' });
const sent = (api: ReturnType<typeof setUp>, method: string) => api.requests.filter((r) => r.method === method).map((r) => [r.path, r.body]);

afterEach(() => jest.restoreAllMocks());

describe('Settings › Passkeys', () => {
  it('says what a passkey is and lists each with its name, when it was added and when last used', async () => {
    setUp([phone, laptop]);
    const { container } = renderSection();
    const section = screen.getByRole('region', { name: 'Passkeys' });
    expect(within(section).getByText(passkeyExplained())).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Your passkeys' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Sam’s phoneAdded 14 May 2026 · Last used 2 June 2026'),
      expect.stringContaining('Work laptopAdded 1 June 2026 · Not used yet'),
    ]);
    expect(within(items[0]!).getByRole('button', { name: 'Rename Sam’s phone' })).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Remove Sam’s phone' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('says so when there are none yet', async () => {
    setUp([]);
    renderSection();
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
  });

  it('adds a passkey under the name offered from the browser, or one the user types', async () => {
    jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36');
    const api = setUp([phone]);
    const { user, container } = renderSection();
    const name = await screen.findByRole('textbox', { name: 'Name of the passkey' });
    expect(name).toHaveValue('Chrome on Windows');
    await user.clear(name);
    await user.type(name, '  Work laptop ');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const done = await screen.findByRole('status', { name: 'Passkey Work laptop added' });
    await waitFor(() => expect(done.parentElement).toHaveFocus());
    expect(register).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(sent(api, 'POST')).toEqual([
      [`/api/users/${USER}/passkeys/options`, {}],
      [`/api/users/${USER}/passkeys`, { name: 'Work laptop', credential: CREDENTIAL }],
    ]);
    expect(await screen.findByRole('button', { name: 'Rename Work laptop' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('asks for a name before anything is sent', async () => {
    const api = setUp([]);
    const { user } = renderSection();
    const name = await screen.findByRole('textbox', { name: 'Name of the passkey' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Error: Enter a name for the passkey'));
    expect(name).toHaveFocus();
    expect(sent(api, 'POST')).toEqual([]);
    expect(register).not.toHaveBeenCalled();
  });

  it('says plainly when the device made no passkey, and sends nothing more', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const api = setUp([]);
    register.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No passkey was added: it was cancelled, or took too long. You can try again.');
    expect(sent(api, 'POST').map(([path]) => path)).toEqual([`/api/users/${USER}/passkeys/options`]);
  });

  it.each([
    ['passkeys.exists', 409, 'This passkey has been added already.'],
    ['passkeys.too_many', 409, 'Your account has as many passkeys as it can hold. Remove one you no longer use, then try again.'],
    ['passkeys.expired', 400, 'Adding the passkey took too long. Try again.'],
  ])('words the API’s refusal %s for the user', async (code, status, words) => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    setUp([], { add: { status, body: { status, error: 'developer text', code, data: null } } });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
  });

  it('offers no adding in a browser without passkeys, and says why', async () => {
    setUp([phone]);
    supports.mockReturnValue(false);
    renderSection();
    expect(await screen.findByText(/This browser cannot make passkeys/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Rename Sam’s phone' })).toBeInTheDocument();
  });

  it('renames a passkey in place', async () => {
    const api = setUp([phone, laptop]);
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    const field = screen.getByRole('textbox', { name: 'New name' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Work laptop');
    await user.clear(field);
    await user.type(field, 'Old laptop');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('status', { name: 'Passkey renamed to Old laptop' })).toBeInTheDocument();
    expect(sent(api, 'PATCH')).toEqual([[`/api/users/${USER}/passkeys/pk_laptop`, { name: 'Old laptop' }]]);
    expect(await screen.findByRole('button', { name: 'Rename Old laptop' })).toBeInTheDocument();
  });

  it('removes a passkey only once the user confirms', async () => {
    const api = setUp([phone, laptop]);
    const { user } = renderSection();
    const remove = await screen.findByRole('button', { name: 'Remove Sam’s phone' });
    await user.click(remove);
    const panel = screen.getByRole('group', { name: 'Remove the passkey Sam’s phone' });
    expect(panel).toHaveFocus();
    expect(panel).toHaveTextContent('You will no longer be able to sign in with it.');
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(remove).toHaveFocus();
    expect(sent(api, 'DELETE')).toEqual([]);
    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    expect(await screen.findByRole('status', { name: 'Passkey Sam’s phone removed' })).toBeInTheDocument();
    expect(sent(api, 'DELETE')).toEqual([[`/api/users/${USER}/passkeys/pk_phone`, {}]]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Sam’s phone' })).not.toBeInTheDocument());
  });

  it('works from the keyboard: Tab to a passkey’s actions, Enter to open, Cancel to go back', async () => {
    setUp([phone]);
    const { user } = renderSection();
    const rename = await screen.findByRole('button', { name: 'Rename Sam’s phone' });
    await user.tab();
    expect(rename).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'New name' })).toHaveFocus();
    await user.keyboard(' (old){Enter}');
    expect(await screen.findByRole('status', { name: 'Passkey renamed to Sam’s phone (old)' })).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: /^Remove / });
    remove.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('group', { name: /^Remove the passkey / })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(remove).toHaveFocus();
  });

  it('says when the list could not be loaded, with Try again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    setUp([], { list: errorReply(500, 'boom') });
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your passkeys could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

import { act, screen } from '@testing-library/react';
import { getSession } from '@portal/shared/contract';
import { arrangeHostState, actAsHost } from '@portal/shared/testing/host-state';
import { errorReply } from '@portal/shared/testing/mock-api';
import { expectErrorSummary, openEdit, renderProfile, samUser, setUpProfile, SUB } from '../profile-test-utils';
import { sameEmail } from './EmailForm';

async function openEmailEdit(options?: Parameters<typeof setUpProfile>[0]) {
  const api = setUpProfile(options);
  const reloadAuthorisedUser = jest.fn(async () => {});
  actAsHost({ reloadAuthorisedUser });
  const { user } = renderProfile();
  await openEdit(user, 'email address');
  return { api, user, reloadAuthorisedUser };
}

const patches = (api: ReturnType<typeof setUpProfile>) => api.requests.filter((r) => r.method === 'PATCH');

describe('Email edit', () => {
  it('has three empty, required fields', async () => {
    await openEmailEdit();
    expect(screen.getByLabelText('Current email address')).toHaveValue('');
    expect(screen.getByLabelText('New email address')).toHaveValue('');
  });

  it('requires both fields: nothing is sent', async () => {
    const { api, user } = await openEmailEdit();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Current email address')).toHaveAccessibleDescription('Error: Enter your current email address');
    expect(screen.getByLabelText('New email address')).toHaveAccessibleDescription('Error: Enter your new email address');
    expectErrorSummary([
      ['Enter your current email address', screen.getByLabelText('Current email address')],
      ['Enter your new email address', screen.getByLabelText('New email address')],
      ['Enter your current password', screen.getByLabelText('Current password')],
    ]);
    await user.type(screen.getByLabelText('Current email address'), 'sam.patel@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expectErrorSummary([
      ['Enter your new email address', screen.getByLabelText('New email address')],
      ['Enter your current password', screen.getByLabelText('Current password')],
    ]);
    expect(screen.getByLabelText('Current email address')).toHaveValue('sam.patel@example.com');
    expect(patches(api)).toEqual([]);
  });

  it('sends nothing when the current email is not the session email, and says why', async () => {
    const { api, user } = await openEmailEdit();
    await user.type(screen.getByLabelText('Current email address'), 'someone.else@example.com');
    await user.type(screen.getByLabelText('New email address'), 'sam.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expectErrorSummary([
      ['Enter the email address you sign in with', screen.getByLabelText('Current email address')],
      ['Enter your current password', screen.getByLabelText('Current password')],
    ]);
    expect(screen.getByLabelText('Current email address')).toHaveValue('someone.else@example.com');
    expect(screen.getByLabelText('New email address')).toHaveValue('sam.new@example.com');
    expect(patches(api)).toEqual([]);
  });

  it('compares with the session email, not the one on the profile', async () => {
    const { api, user } = await openEmailEdit();
    act(() => arrangeHostState({ userInfo: { sub: SUB, email: 'session@example.com' } }));
    await user.type(screen.getByLabelText('Current email address'), 'sam.patel@example.com');
    await user.type(screen.getByLabelText('New email address'), 'sam.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the email address you sign in with');
    expect(patches(api)).toEqual([]);
  });

  it('sends { user: { email } } to PATCH /api/user/{sub}, then the address it answers to PATCH /api/users/{id}; the sign-in email waits for the link', async () => {
    const { api, user, reloadAuthorisedUser } = await openEmailEdit();
    await user.type(screen.getByLabelText('Current email address'), ' Sam.Patel@Example.com ');
    await user.type(screen.getByLabelText('New email address'), 'sam.new@example.com ');
    await user.type(screen.getByLabelText('Current password'), 'the-current-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('We have sent a link to sam.new@example.com');
    expect(notice).toHaveTextContent('Your sign-in email changes when you open it. Until then, sign in with your current email address.');
    expect(patches(api).map((r) => [r.path, r.body])).toEqual([
      [`/api/user/${SUB}`, { user: { email: 'sam.new@example.com' }, currentPassword: 'the-current-password' }],
      [`/api/users/${SUB}`, { email: 'sam.patel@example.com' }],
    ]);
    // The overview and the next change still use the current address.
    expect(screen.getByText('sam.patel@example.com')).toBeInTheDocument();
    expect(screen.queryByText('sam.new@example.com')).not.toBeInTheDocument();
    expect(getSession().userInfo?.email).toBe('sam.patel@example.com');
    expect(reloadAuthorisedUser).toHaveBeenCalled();
  });

  it('says the address has been updated when the server changes it at once (the same address, other case)', async () => {
    const { user } = await openEmailEdit({
      patchIdentity: ({ body }) => ({ body: { user: { ...samUser, email: (body as { user: { email: string } }).user.email.toLowerCase() } } }),
    });
    await user.type(screen.getByLabelText('Current email address'), 'sam.patel@example.com');
    await user.type(screen.getByLabelText('New email address'), 'Sam.Patel@Example.com');
    await user.type(screen.getByLabelText('Current password'), 'the-current-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your email address has been updated.');
  });

  it('when the server refuses the address, stays on the screen with what was typed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { api, user } = await openEmailEdit({
      patchIdentity: errorReply(409, 'That email address is already used by another account', { code: 'profile.email_taken' }),
    });
    await user.type(screen.getByLabelText('Current email address'), 'sam.patel@example.com');
    await user.type(screen.getByLabelText('New email address'), 'taken@example.com');
    await user.type(screen.getByLabelText('Current password'), 'the-current-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That email address is already used by another account. Enter a different email address.');
    expect(screen.getByLabelText('Current email address')).toHaveValue('sam.patel@example.com');
    expect(screen.getByLabelText('New email address')).toHaveValue('taken@example.com');
    expect(getSession().userInfo?.email).toBe('sam.patel@example.com');
    expect(patches(api)).toHaveLength(1);
  });

  it('shows a wrong password on the password field and keeps everything typed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { api, user } = await openEmailEdit({ patchIdentity: errorReply(400, 'Your current password is not right', { code: 'password.current_not_right' }) });
    await user.type(screen.getByLabelText('Current email address'), 'sam.patel@example.com');
    await user.type(screen.getByLabelText('New email address'), 'sam.new@example.com');
    await user.type(screen.getByLabelText('Current password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'Your current password is not right' })).toBeInTheDocument();
    expectErrorSummary([['Your current password is not right', screen.getByLabelText('Current password')]]);
    expect(screen.queryByText('Your changes were not saved')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('not-it');
    expect(screen.getByLabelText('New email address')).toHaveValue('sam.new@example.com');
    expect(patches(api)).toHaveLength(1);
  });

  it('compares emails trimmed and in any case', () => {
    expect(sameEmail(' A@B.com', 'a@b.COM ')).toBe(true);
    expect(sameEmail('a@b.com', 'a@c.com')).toBe(false);
  });
});

import { screen } from '@testing-library/react';
import { getSession } from '@portal/shared/contract';
import { errorReply } from '@portal/shared/testing/mock-api';
import { expectErrorSummary, openEdit, renderProfile, setUpProfile, SUB } from '../profile-test-utils';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';

async function openNameEditIn() {
  setUpProfile();
  const { user, container } = renderProfile();
  await openEdit(user, 'full name');
  return { user, container };
}

async function openNameEdit(options?: Parameters<typeof setUpProfile>[0]) {
  const api = setUpProfile(options);
  const { user } = renderProfile();
  await openEdit(user, 'full name');
  return { api, user };
}

const patches = (api: ReturnType<typeof setUpProfile>) => api.requests.filter((r) => r.method === 'PATCH');

describe('Name edit', () => {
  it('starts from the current name; the middle name is optional', async () => {
    await openNameEdit();
    expect(screen.getByLabelText('First name')).toHaveValue('Sam');
    expect(screen.getByLabelText('Middle name (optional)')).toHaveValue('');
    expect(screen.getByLabelText('Last name')).toHaveValue('Patel');
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Middle name (optional)')).not.toHaveAttribute('aria-required');
  });

  it('requires the first name: nothing is sent and the user is told', async () => {
    const { api, user } = await openNameEdit();
    await user.clear(screen.getByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const box = screen.getByLabelText('First name');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Error: Enter your first name');
    expectErrorSummary([['Enter your first name', box]]);
    expect(patches(api)).toEqual([]);
  });

  it('lists both missing names in the summary; its links move focus to the fields, and the typed middle name stays', async () => {
    const { user, container } = await openNameEditIn();
    await user.clear(screen.getByLabelText('First name'));
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Middle name (optional)'), 'Raj');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expectErrorSummary([
      ['Enter your first name', screen.getByLabelText('First name')],
      ['Enter your last name', screen.getByLabelText('Last name')],
    ]);
    expect(screen.getByLabelText('Middle name (optional)')).toHaveValue('Raj');
    await user.click(screen.getByRole('link', { name: 'Enter your last name' }));
    expect(screen.getByLabelText('Last name')).toHaveFocus();
    await expectNoAxeViolations(container);
  });

  it('requires the last name (spaces alone do not count)', async () => {
    const { api, user } = await openNameEdit();
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Error: Enter your last name');
    expectErrorSummary([['Enter your last name', screen.getByLabelText('Last name')]]);
    expect(patches(api)).toEqual([]);
  });

  it('sends { user: { firstName, middleName, lastName } } to PATCH /api/user/{sub} and shows the new name', async () => {
    const { api, user } = await openNameEdit();
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), ' Samir ');
    await user.type(screen.getByLabelText('Middle name (optional)'), 'Raj');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Samir Raj Patel')).toBeInTheDocument();
    expect(patches(api).map((r) => [r.path, r.body])).toEqual([[`/api/user/${SUB}`, { user: { firstName: 'Samir', middleName: 'Raj', lastName: 'Patel' } }]]);
    expect(getSession().userInfo).toMatchObject({ given_name: 'Samir', middle_name: 'Raj', family_name: 'Patel' });
  });

  it('on a failed save says why, stays on the screen and keeps what was typed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openNameEdit({
      patchIdentity: errorReply(400, 'body.user.firstName must NOT have more than 100 characters', { code: 'request.field_invalid', field: 'firstName' }),
    });
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Samantha');
    await user.type(screen.getByLabelText('Middle name (optional)'), 'Jo');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your changes were not saved');
    expect(alert).toHaveTextContent('Enter your first name, in 100 characters or fewer.');
    expect(screen.getByLabelText('First name')).toHaveValue('Samantha');
    expect(screen.getByLabelText('Middle name (optional)')).toHaveValue('Jo');
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-disabled');
    expect(console.error).toHaveBeenCalled();
  });

  it('a network failure gets a plain message and the notice can be dismissed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openNameEdit({ patchIdentity: { status: 502, body: '<html>Bad gateway</html>' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, there is a problem with the service. Try again later.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Sam');
  });
});

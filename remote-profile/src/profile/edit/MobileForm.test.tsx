import { screen } from '@testing-library/react';
import { errorReply } from '@portal/shared/testing/mock-api';
import { expectErrorSummary, openEdit, renderProfile, setUpProfile, SUB } from '../profile-test-utils';

const patches = (api: ReturnType<typeof setUpProfile>) => api.requests.filter((r) => r.method === 'PATCH');

describe('Mobile number edit', () => {
  it('is required: nothing is sent while it is empty', async () => {
    const api = setUpProfile();
    const { user } = renderProfile();
    await openEdit(user, 'mobile number');
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription('Error: Enter your mobile number');
    expectErrorSummary([['Enter your mobile number', screen.getByLabelText('Mobile number')]]);
    expect(patches(api)).toEqual([]);
  });

  it('has no format check and sends { user: { mobilePhone } }', async () => {
    const api = setUpProfile();
    const { user } = renderProfile();
    await openEdit(user, 'mobile number');
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('type', 'tel');
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), 'call me maybe');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('call me maybe')).toBeInTheDocument();
    expect(patches(api).map((r) => [r.path, r.body])).toEqual([[`/api/user/${SUB}`, { user: { mobilePhone: 'call me maybe' } }]]);
  });
});

describe('Mobile number edit, when the server refuses the number', () => {
  it('says so in plain words and keeps the number typed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    setUpProfile({
      patchIdentity: errorReply(400, 'body.user.mobilePhone must be a phone number like 07700 900123', { code: 'request.field_invalid', field: 'mobilePhone' }),
    });
    const { user } = renderProfile();
    await openEdit(user, 'mobile number');
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), 'call me maybe');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a UK mobile number, like 07700 900123.');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('call me maybe');
  });
});

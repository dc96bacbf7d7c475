import { screen } from '@testing-library/react';
import { errorReply } from '@portal/shared/testing/mock-api';
import { expectErrorSummary, openEdit, renderProfile, samUser, setUpProfile, SUB } from '../profile-test-utils';
import { missingPartsMessage } from './DateOfBirthForm';

const patches = (api: ReturnType<typeof setUpProfile>) => api.requests.filter((r) => r.method === 'PATCH');

async function openDateEdit(options?: Parameters<typeof setUpProfile>[0]) {
  const api = setUpProfile(options);
  const { user } = renderProfile();
  await openEdit(user, 'date of birth');
  return { api, user };
}

describe('Date of birth edit', () => {
  it('shows Day, Month and Year boxes with placeholders 01, 01 and 2020', async () => {
    await openDateEdit({ user: { ...samUser, birthDate: null } });
    expect(screen.getByRole('group', { name: 'Date of birth' })).toBeInTheDocument();
    expect(screen.getByLabelText('Day')).toHaveAttribute('placeholder', '01');
    expect(screen.getByLabelText('Month')).toHaveAttribute('placeholder', '01');
    expect(screen.getByLabelText('Year')).toHaveAttribute('placeholder', '2020');
    // The placeholders are the spec's; the hint shows a date of birth the British way.
    for (const box of ['Day', 'Month', 'Year']) expect(screen.getByLabelText(box)).toHaveAccessibleDescription('For example, 14 5 1990');
    expect(screen.getByLabelText('Day')).toHaveValue('');
  });

  it('starts from the current date of birth', async () => {
    await openDateEdit();
    expect(screen.getByLabelText('Day')).toHaveValue('14');
    expect(screen.getByLabelText('Month')).toHaveValue('05');
    expect(screen.getByLabelText('Year')).toHaveValue('1990');
  });

  it.each([
    ['Day', 'Date of birth must include a day'],
    ['Month', 'Date of birth must include a month'],
    ['Year', 'Date of birth must include a year'],
  ])('requires the %s: nothing is sent', async (box, message) => {
    const { api, user } = await openDateEdit();
    await user.clear(screen.getByLabelText(box));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(box)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(box)).toHaveAccessibleDescription(`For example, 14 5 1990 Error: ${message}`);
    expectErrorSummary([[message, screen.getByLabelText(box)]]);
    expect(patches(api)).toEqual([]);
  });

  it('names every missing part', () => {
    expect(missingPartsMessage(['day', 'month', 'year'])).toBe('Enter your date of birth');
    expect(missingPartsMessage(['month', 'year'])).toBe('Date of birth must include a month and a year');
    expect(missingPartsMessage([])).toBeNull();
  });

  it('moves on after two digits of day and month and sends birthDate as YYYY-MM-DD, with no range check', async () => {
    const { api, user } = await openDateEdit({ user: { ...samUser, birthDate: null } });
    await user.click(screen.getByLabelText('Day'));
    await user.keyboard('3');
    expect(screen.getByLabelText('Day')).toHaveFocus();
    await user.keyboard('1');
    expect(screen.getByLabelText('Month')).toHaveFocus();
    await user.keyboard('12');
    expect(screen.getByLabelText('Year')).toHaveFocus();
    await user.keyboard('1985');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('31 December 1985')).toBeInTheDocument();
    expect(patches(api).map((r) => [r.path, r.body])).toEqual([[`/api/user/${SUB}`, { user: { birthDate: '1985-12-31' } }]]);
  });

  it('pads a one-digit day and month', async () => {
    const { api, user } = await openDateEdit({ user: { ...samUser, birthDate: null } });
    await user.type(screen.getByLabelText('Day'), '2');
    await user.type(screen.getByLabelText('Month'), '9');
    await user.type(screen.getByLabelText('Year'), '1985');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('2 September 1985')).toBeInTheDocument();
    expect(patches(api)[0]?.body).toEqual({ user: { birthDate: '1985-09-02' } });
  });

  it('a date the server refuses is told as a date of birth in Day Month Year, not the server words', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openDateEdit({
      user: { ...samUser, birthDate: null },
      patchIdentity: errorReply(400, 'body.user.birthDate must be a real date written as YYYY-MM-DD', { code: 'request.field_invalid', field: 'birthDate' }),
    });
    await user.type(screen.getByLabelText('Day'), '31');
    await user.type(screen.getByLabelText('Month'), '02');
    await user.type(screen.getByLabelText('Year'), '1985');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Enter a real date of birth, for example, 14 5 1990.');
    expect(alert).not.toHaveTextContent('YYYY-MM-DD');
  });
});

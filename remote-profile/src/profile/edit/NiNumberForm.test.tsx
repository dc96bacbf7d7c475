import { screen } from '@testing-library/react';
import { expectErrorSummary, openEdit, renderProfile, setUpProfile, SUB } from '../profile-test-utils';
import { NI_NUMBER_TOOLTIP } from '@portal/shared/ui/NiNumberTooltip';

const patches = (api: ReturnType<typeof setUpProfile>) => api.requests.filter((r) => r.method === 'PATCH');

async function openNiEdit(options?: Parameters<typeof setUpProfile>[0]) {
  const api = setUpProfile(options);
  const { user } = renderProfile();
  await openEdit(user, 'national insurance');
  return { api, user };
}

describe('National Insurance number edit', () => {
  it('forces upper case as the user types', async () => {
    const { user } = await openNiEdit();
    const box = screen.getByLabelText('National Insurance number');
    await user.clear(box);
    await user.type(box, 'ab 12 34 56 c');
    expect(box).toHaveValue('AB 12 34 56 C');
  });

  it('is required: nothing is sent while it is empty', async () => {
    const { api, user } = await openNiEdit();
    await user.clear(screen.getByLabelText('National Insurance number'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('National Insurance number')).toHaveAttribute('aria-invalid', 'true');
    expectErrorSummary([['Enter your National Insurance number', screen.getByLabelText('National Insurance number')]]);
    expect(patches(api)).toEqual([]);
  });

  it('has the tooltip: a button shows the text, Escape hides it, and it always describes the box', async () => {
    const { user } = await openNiEdit();
    expect(NI_NUMBER_TOOLTIP).toBe('Find your National Insurance number on a previous payslip or P60.');
    const box = screen.getByLabelText('National Insurance number');
    expect(box).toHaveAccessibleDescription(NI_NUMBER_TOOLTIP);
    const button = screen.getByRole('button', { name: 'Where to find your National Insurance number' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(NI_NUMBER_TOOLTIP)).not.toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(NI_NUMBER_TOOLTIP)).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.getByText(NI_NUMBER_TOOLTIP)).not.toBeVisible();
  });

  it('sends { user: { data: { niNumber } } } and shows the answer’s user.data.niNumber', async () => {
    const { api, user } = await openNiEdit({
      // The server normalises the number; the overview shows what it answered.
      patchIdentity: ({ body }) => ({
        body: { user: { id: SUB, email: 'sam.patel@example.com', firstName: 'Sam', lastName: 'Patel', data: { niNumber: 'AB123456C' } } },
        status: body ? 200 : 500,
      }),
    });
    const box = screen.getByLabelText('National Insurance number');
    await user.clear(box);
    await user.type(box, 'ab 12 34 56 c');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('AB123456C')).toBeInTheDocument();
    expect(patches(api).map((r) => [r.path, r.body])).toEqual([[`/api/user/${SUB}`, { user: { data: { niNumber: 'AB 12 34 56 C' } } }]]);
  });
});

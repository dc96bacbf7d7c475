import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NI_NUMBER_TOOLTIP, NiNumberTooltip } from './NiNumberTooltip';

function Field() {
  return (
    <>
      <label htmlFor="ni">National Insurance number</label>
      <NiNumberTooltip id="ni-tip" />
      <input id="ni" aria-describedby="ni-tip" />
    </>
  );
}

describe('NiNumberTooltip', () => {
  it('describes the input with the spec text even while closed', () => {
    render(<Field />);
    expect(NI_NUMBER_TOOLTIP).toBe('Find your National Insurance number on a previous payslip or P60.');
    expect(screen.getByRole('textbox', { name: 'National Insurance number' })).toHaveAccessibleDescription(NI_NUMBER_TOOLTIP);
    expect(screen.queryByText(NI_NUMBER_TOOLTIP)).not.toBeVisible();
  });

  it('opens and closes from its button, and Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const button = screen.getByRole('button', { name: 'Where to find your National Insurance number' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(NI_NUMBER_TOOLTIP)).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.getByText(NI_NUMBER_TOOLTIP)).not.toBeVisible();
    await user.keyboard('{Enter}');
    expect(screen.getByText(NI_NUMBER_TOOLTIP)).toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import type { DateParts } from '../format';
import { DateOfBirthInput } from './DateOfBirthInput';
import type { DateOfBirthInputHandle, DateOfBirthInputProps } from './DateOfBirthInput';

function Harness(props: Partial<DateOfBirthInputProps> & { initial?: DateParts; onValue?: (value: DateParts) => void }) {
  const { initial = { day: '', month: '', year: '' }, onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <DateOfBirthInput
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

describe('DateOfBirthInput', () => {
  it('is a group named by its legend with labelled Day, Month and Year boxes', () => {
    render(<Harness ids={{ day: 'day', month: 'month', year: 'year' }} placeholders={{ day: '01', month: '01', year: '2020' }} />);
    expect(screen.getByRole('group', { name: 'Date of birth' })).toBeInTheDocument();
    const day = screen.getByLabelText('Day');
    expect(day).toHaveAttribute('id', 'day');
    expect(day).toHaveAttribute('inputmode', 'numeric');
    expect(day).toHaveAttribute('maxlength', '2');
    expect(day).toHaveAttribute('autocomplete', 'bday-day');
    expect(screen.getByLabelText('Month')).toHaveAttribute('id', 'month');
    expect(screen.getByLabelText('Year')).toHaveAttribute('maxlength', '4');
    expect(screen.getByLabelText('Year')).toHaveAttribute('placeholder', '2020');
  });

  it('keeps digits only and moves on after two characters of day and of month', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    await user.click(screen.getByLabelText('Day'));
    await user.keyboard('0a7');
    expect(screen.getByLabelText('Day')).toHaveValue('07');
    expect(screen.getByLabelText('Month')).toHaveFocus();
    await user.keyboard('11');
    expect(screen.getByLabelText('Year')).toHaveFocus();
    await user.keyboard('199012');
    expect(screen.getByLabelText('Year')).toHaveValue('1990');
    expect(onValue).toHaveBeenLastCalledWith({ day: '07', month: '11', year: '1990' });
  });

  it('does not jump away while a full box is being corrected', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ day: '12', month: '', year: '' }} />);
    await user.click(screen.getByLabelText('Day'));
    await user.keyboard('{Backspace}');
    expect(screen.getByLabelText('Day')).toHaveFocus();
    expect(screen.getByLabelText('Day')).toHaveValue('1');
  });

  it('shows an error on the boxes named, read with every box', () => {
    render(<Harness error="Date of birth must include a month" invalidParts={['month']} hint="For example, 27 3 1990" />);
    expect(screen.getByLabelText('Month')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Day')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Day')).toHaveAccessibleDescription('For example, 27 3 1990 Error: Date of birth must include a month');
  });

  it('focuses the first empty box, or the box asked for', () => {
    const ref = createRef<DateOfBirthInputHandle>();
    render(<Harness ref={ref} initial={{ day: '01', month: '', year: '' }} />);
    ref.current?.focus();
    expect(screen.getByLabelText('Month')).toHaveFocus();
    ref.current?.focus('year');
    expect(screen.getByLabelText('Year')).toHaveFocus();
  });
});

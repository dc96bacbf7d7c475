import { render, screen, within } from '@testing-library/react';
import { expectNoAxeViolations } from '../testing/axe';
import { ResponsiveCell, ResponsiveMessageRow, ResponsiveRow, ResponsiveTable } from './ResponsiveTable';

const columns = [{ label: 'Pay date' }, { label: 'Net pay', money: true }, { label: 'Open', labelHidden: true }];

function Payslips({ rows }: { rows: [string, string][] }) {
  return (
    <ResponsiveTable caption="Payslips" columns={columns} stackBelow="wide">
      {rows.map(([date, net]) => (
        <ResponsiveRow key={date}>
          <ResponsiveCell rowHeader>{date}</ResponsiveCell>
          <ResponsiveCell label="Net pay" money>
            {net}
          </ResponsiveCell>
          <ResponsiveCell>
            <button type="button">Open {date}</button>
          </ResponsiveCell>
        </ResponsiveRow>
      ))}
      {rows.length === 0 ? <ResponsiveMessageRow columns={columns.length}>Nothing matches.</ResponsiveMessageRow> : null}
    </ResponsiveTable>
  );
}

describe('ResponsiveTable', () => {
  it('keeps every table role explicit, so a row shown as a card is still read as a table', () => {
    render(<Payslips rows={[['31 October 2026', '£1,234.56']]} />);
    const table = screen.getByRole('table', { name: 'Payslips' });
    expect(within(table).getAllByRole('rowgroup')).toHaveLength(2);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Pay date', 'Net pay', 'Open']);
    const [, row] = within(table).getAllByRole('row');
    for (const element of [table, row!, within(row!).getByRole('rowheader'), ...within(row!).getAllByRole('cell')]) {
      expect(element).toHaveAttribute('role');
    }
    expect(within(row!).getByRole('rowheader')).toHaveTextContent('31 October 2026');
  });

  it('labels each value with its column for the card layout, right-aligning figures', () => {
    render(<Payslips rows={[['31 October 2026', '£1,234.56']]} />);
    const netPay = screen.getByRole('cell', { name: '£1,234.56' });
    expect(netPay).toHaveAttribute('data-label', 'Net pay');
    expect(netPay).toHaveClass('ui-table__money');
    expect(screen.getByRole('cell', { name: 'Open 31 October 2026' })).not.toHaveAttribute('data-label');
    expect(screen.getByRole('table').parentElement).toHaveClass('ui-responsive-table', 'ui-responsive-table--stack-wide');
  });

  it('says "nothing" in a row across every column, politely', async () => {
    const { container } = render(<Payslips rows={[]} />);
    const [, row] = screen.getAllByRole('row');
    const cell = within(row!).getByRole('cell');
    expect(cell).toHaveAttribute('colspan', '3');
    expect(within(cell).getByRole('status')).toHaveTextContent('Nothing matches.');
    await expectNoAxeViolations(container);
  });

  it('is axe clean with rows and a hidden column name', async () => {
    const { container } = render(<Payslips rows={[['31 October 2026', '£1,234.56']]} />);
    await expectNoAxeViolations(container);
  });
});

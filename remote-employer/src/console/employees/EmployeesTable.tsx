// The employees table: column headers are buttons that sort (aria-sort says how), each row can be
// selected, and each name leads to its record.
import type { EmployeeRow, EmployeeSort } from '@portal/shared/api/employer-console';
import { formatLongDate } from '@portal/shared/format';
import { Link } from '@portal/shared/router';
import { recordPath } from '../paths';
import { STATE_WORDS } from '../words';
import type { SortState } from './EmployeesScreen';

const COLUMNS: readonly { label: string; sort: EmployeeSort | null }[] = [
  { label: 'Name', sort: 'name' },
  { label: 'Employee ID', sort: 'externalId' },
  { label: 'State', sort: 'state' },
  { label: 'Contact', sort: null },
  { label: 'Started', sort: 'startDate' },
];

export type EmployeesTableProps = {
  rows: readonly EmployeeRow[];
  sorting: SortState;
  onSort: (sorting: SortState) => void;
  selected: ReadonlySet<string>;
  onSelect: (selected: ReadonlySet<string>) => void;
  /** The rows shown are the last answer while the next loads. */
  busy: boolean;
};

export function EmployeesTable({ rows, sorting, onSort, selected, onSelect, busy }: EmployeesTableProps) {
  if (rows.length === 0) return <p>No employees match.</p>;
  const allSelected = rows.every(({ id }) => selected.has(id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  const toggleAll = (on: boolean) => {
    const next = new Set(selected);
    for (const { id } of rows) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onSelect(next);
  };

  return (
    <>
      <p className="employer-employees__select-all">
        <label>
          <input type="checkbox" checked={allSelected} onChange={(event) => toggleAll(event.target.checked)} /> Select all on this page
        </label>
      </p>
      <table className="ui-table employer-table" aria-busy={busy || undefined}>
        <caption className="ui-visually-hidden">Employees</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="ui-visually-hidden">Selected</span>
            </th>
            {COLUMNS.map(({ label, sort }) => {
              if (!sort)
                return (
                  <th key={label} scope="col">
                    {label}
                  </th>
                );
              const current = sorting.sort === sort;
              const ariaSort = current ? (sorting.order === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <th key={label} scope="col" aria-sort={ariaSort}>
                  <button
                    type="button"
                    className="employer-table__sort"
                    onClick={() => onSort({ sort, order: current && sorting.order === 'asc' ? 'desc' : 'asc' })}
                  >
                    {label}
                    <span aria-hidden="true">{current ? (sorting.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Select ${row.name}`}
                  checked={selected.has(row.id)}
                  onChange={(event) => toggle(row.id, event.target.checked)}
                />
              </td>
              <th scope="row">
                <Link to={recordPath(row.id)}>{row.name}</Link>
              </th>
              <td>{row.externalId}</td>
              <td>{STATE_WORDS[row.state]}</td>
              <td>
                <ContactCell row={row} />
              </td>
              <td>{formatLongDate(row.startDate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The record's email and masked mobile, or that it has none (and so cannot be invited that way). */
export function ContactCell({ row }: { row: EmployeeRow }) {
  return (
    <ul className="employer-contact">
      <li>{row.email ?? 'No email address'}</li>
      <li>{row.hasMobile && row.mobile ? row.mobile : 'No mobile number: cannot be invited by text'}</li>
    </ul>
  );
}

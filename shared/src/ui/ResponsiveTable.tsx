// A table that fits its space: the full width it is given and, where too narrow for its columns,
// each row as a card with every value under its column's name. Each element keeps its table role
// explicitly, because a browser drops a table's semantics once CSS changes its display: screen
// readers still read rows, column headers and cells on a phone.
import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from 'react';
import './responsive-table.css';

export type ResponsiveColumn = {
  /** The column header; also the label of each value when rows show as cards. Empty: no header. */
  label: string;
  /** Read by screen readers only (e.g. a column of buttons). */
  labelHidden?: boolean;
  /** Figures: right-aligned, in tabular numbers. */
  money?: boolean;
};

export type ResponsiveTableProps = {
  /** Names the table (a screen reader says it on arrival); a table under its own heading may go without. */
  caption?: ReactNode;
  captionHidden?: boolean;
  columns: readonly ResponsiveColumn[];
  /**
   * Below which width of its container the rows show as cards: 'narrow' (40rem) for a few columns,
   * 'wide' (60rem) for many; 'never' for columns short enough for any phone.
   */
  stackBelow?: 'narrow' | 'wide' | 'never';
  className?: string;
  children: ReactNode;
};

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

export function ResponsiveTable({ caption, captionHidden, columns, stackBelow = 'narrow', className, children }: ResponsiveTableProps) {
  return (
    <div className={classes('ui-responsive-table', stackBelow !== 'never' && `ui-responsive-table--stack-${stackBelow}`)}>
      <table role="table" className={classes('ui-table', className)}>
        {caption ? <caption className={captionHidden ? 'ui-visually-hidden' : undefined}>{caption}</caption> : null}
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column, index) =>
              column.label ? (
                <th key={column.label} scope="col" role="columnheader" className={classes(column.money && 'ui-table__money')}>
                  {column.labelHidden ? <span className="ui-visually-hidden">{column.label}</span> : column.label}
                </th>
              ) : (
                <td key={`column-${index}`} role="cell" />
              ),
            )}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </div>
  );
}

export function ResponsiveRow(props: HTMLAttributes<HTMLTableRowElement>) {
  return <tr role="row" {...props} />;
}

type ResponsiveCellProps = TdHTMLAttributes<HTMLTableCellElement> & {
  /** The column's name, shown beside the value when rows show as cards. */
  label?: string;
  money?: boolean;
  /** The row's header (its name, e.g. a pay date): the card's title when rows show as cards. */
  rowHeader?: boolean;
};

export function ResponsiveCell({ label, money, rowHeader, className, ...cell }: ResponsiveCellProps) {
  const shared = { ...cell, 'data-label': label || undefined, className: classes(money && 'ui-table__money', className) };
  return rowHeader ? <th scope="row" role="rowheader" {...shared} /> : <td role="cell" {...shared} />;
}

/** A message in place of the rows (e.g. nothing matches a search), announced politely as it changes. */
export function ResponsiveMessageRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr role="row">
      <td role="cell" colSpan={columns} className="ui-responsive-table__message">
        <span role="status">{children}</span>
      </td>
    </tr>
  );
}

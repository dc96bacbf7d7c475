// Which part of the list shows, and the way to the pages before and after it.
import { employeesCount } from '../words';

export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="employer-pager" aria-label="Pages of employees">
      <p>
        Showing {first.toLocaleString('en-GB')} to {last.toLocaleString('en-GB')} of {employeesCount(total)}. Page {page} of {pages}.
      </p>
      <ul>
        {page > 1 ? (
          <li>
            <button type="button" className="ui-button" onClick={() => onPage(page - 1)}>
              Previous page
            </button>
          </li>
        ) : null}
        {page < pages ? (
          <li>
            <button type="button" className="ui-button" onClick={() => onPage(page + 1)}>
              Next page
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

// Employees: a searchable (server-side, after typing pauses), filterable, sortable and paged table with
// row selection, the invitation actions and their summary.
import { useState } from 'react';
import type { ConsoleEmployer, EmployeeSort, InvitationChannel, InvitationResult, LinkState, SortOrder } from '@portal/shared/api/employer-console';
import { LINK_STATES } from '@portal/shared/api/employer-console';
import { SearchBox } from '@portal/shared/ui/SearchBox';
import { SelectField } from '@portal/shared/ui/SelectField';
import { Spinner } from '@portal/shared/ui/Spinner';
import { ConsoleError } from '../components/ConsoleError';
import { useEmployees } from '../queries';
import { useDebouncedValue } from '../use-debounced-value';
import { STATE_WORDS } from '../words';
import { EmployeesTable } from './EmployeesTable';
import { InviteActions } from './InviteActions';
import { InvitationSummary } from './InvitationSummary';
import { Pager } from './Pager';

export const PAGE_SIZE = 50;
/** How long typing must pause before the search asks the server. */
export const SEARCH_DELAY_MS = 300;

export type SortState = { sort: EmployeeSort; order: SortOrder };

export function EmployeesScreen({ employer }: { employer: ConsoleEmployer }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [state, setState] = useState<LinkState | ''>('');
  const [sorting, setSorting] = useState<SortState>({ sort: 'name', order: 'asc' });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [summary, setSummary] = useState<{ result: InvitationResult; channel: InvitationChannel; names: ReadonlyMap<string, string> } | null>(null);

  // A new search, filter or order starts again at page 1.
  const [lastQuery, setLastQuery] = useState({ q, state, sorting });
  if (lastQuery.q !== q || lastQuery.state !== state || lastQuery.sorting !== sorting) {
    setLastQuery({ q, state, sorting });
    setPage(1);
  }

  const employees = useEmployees(employer.id, { q, state: state || undefined, ...sorting, page, pageSize: PAGE_SIZE });
  const rows = employees.data?.employees ?? [];

  return (
    <div className="employer-employees">
      <h2>Employees</h2>
      {summary ? <InvitationSummary {...summary} onDismiss={() => setSummary(null)} /> : null}
      <div className="employer-employees__filters">
        <SearchBox label="Search employees" placeholder="Name, employee ID or email" value={search} onChange={setSearch} />
        <SelectField
          label="State"
          value={state}
          options={[{ value: '', label: 'All states' }, ...LINK_STATES.map((value) => ({ value, label: STATE_WORDS[value] }))]}
          onChange={(value) => setState(value as LinkState | '')}
        />
      </div>
      <InviteActions
        employerId={employer.id}
        rows={rows}
        selected={selected}
        onInvited={(result, channel, names) => {
          setSelected(new Set());
          setSummary({ result, channel, names });
        }}
      />
      {employees.isPending ? (
        <Spinner label="Loading employees…" />
      ) : employees.isError ? (
        <ConsoleError title="The employees could not be loaded" error={employees.error} onRetry={() => void employees.refetch()} />
      ) : (
        <>
          <EmployeesTable rows={rows} sorting={sorting} onSort={setSorting} selected={selected} onSelect={setSelected} busy={employees.isPlaceholderData} />
          <Pager page={employees.data.page} pageSize={employees.data.pageSize} total={employees.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}

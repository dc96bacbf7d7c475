// The console's first page: the employer's records, searched, filtered, sorted and paged by the server,
// and invitations sent to those selected, or to everyone not yet linked.
import { ConsoleFrame } from './components/ConsoleFrame';
import { EmployeesScreen } from './employees/EmployeesScreen';

export default function EmployeesPage() {
  return <ConsoleFrame>{(employer) => <EmployeesScreen employer={employer} />}</ConsoleFrame>;
}

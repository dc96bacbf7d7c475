// The console's admins: who runs it for this employer, who is invited, and inviting one more.
import { ConsoleFrame } from './components/ConsoleFrame';
import { AdminsScreen } from './admins/AdminsScreen';

export default function AdminsPage() {
  return <ConsoleFrame>{(employer) => <AdminsScreen employer={employer} />}</ConsoleFrame>;
}

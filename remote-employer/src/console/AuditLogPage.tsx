// The console's audit log: who did what to which records, newest first.
import { ConsoleFrame } from './components/ConsoleFrame';
import { AuditScreen } from './audit/AuditScreen';

export default function AuditLogPage() {
  return <ConsoleFrame>{(employer) => <AuditScreen employer={employer} />}</ConsoleFrame>;
}

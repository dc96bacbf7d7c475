// Posting an update to the employer's staff (their Recent updates).
import { ConsoleFrame } from './components/ConsoleFrame';
import { UpdateForm } from './updates/UpdateForm';

export default function UpdatesPage() {
  return <ConsoleFrame>{(employer) => <UpdateForm employer={employer} />}</ConsoleFrame>;
}

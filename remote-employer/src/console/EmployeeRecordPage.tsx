// One record of the console: its details, state and history, and the actions on it.
import { useParams } from '@portal/shared/router';
import { ConsoleFrame } from './components/ConsoleFrame';
import { RecordScreen } from './record/RecordScreen';

export default function EmployeeRecordPage() {
  const { employmentId = '' } = useParams();
  return <ConsoleFrame>{(employer) => <RecordScreen employer={employer} employmentId={employmentId} />}</ConsoleFrame>;
}

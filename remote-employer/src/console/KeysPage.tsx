// The employer API's keys: the list, making one (its secret shown once) and revoking one.
import { ConsoleFrame } from './components/ConsoleFrame';
import { KeysScreen } from './keys/KeysScreen';

export default function KeysPage() {
  return <ConsoleFrame>{(employer) => <KeysScreen employer={employer} />}</ConsoleFrame>;
}

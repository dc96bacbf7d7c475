// Employees' questions about their payslips, and the payroll team's answers.
import { ConsoleFrame } from './components/ConsoleFrame';
import { QuestionList } from './questions/QuestionList';

export default function QuestionsPage() {
  return <ConsoleFrame>{(employer) => <QuestionList employer={employer} />}</ConsoleFrame>;
}

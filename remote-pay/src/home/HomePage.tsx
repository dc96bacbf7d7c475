// Home (spec section 2): the 'Latest Payslip' card and 'Recent Updates' of the employment chosen
// (session store `employmentId`, kept in local storage as employmentID).
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { LatestPayslipCard } from './LatestPayslipCard';
import { RecentUpdates } from './RecentUpdates';
import '../lib/pay.css';
import './home.css';

export default function HomePage() {
  return (
    <div className="pay-page pay-home">
      <PageHeading>Home</PageHeading>
      <LatestPayslipCard />
      <RecentUpdates />
    </div>
  );
}

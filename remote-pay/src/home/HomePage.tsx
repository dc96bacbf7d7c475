// Home (spec section 2): the 'Latest Payslip' card and 'Recent Updates' of the employment chosen
// (session store `employmentId`, kept in local storage as employmentID). Beside the spec's texts, an
// ended employment says when the person left and until when its payslips stay here.
import { useEmploymentId, useEmployments } from '@portal/shared/contract';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { LatestPayslipCard } from './LatestPayslipCard';
import { leaverNote } from './leaver-note';
import { RecentUpdates } from './RecentUpdates';
import { homeTexts } from './messages';
import '../lib/pay.css';
import './home.css';

export default function HomePage() {
  const employmentId = useEmploymentId();
  const leaver = leaverNote(useEmployments().find((employment) => employment.ID === employmentId));
  return (
    <div className="pay-page pay-home">
      <PageHeading>{homeTexts.t('heading')}</PageHeading>
      {leaver && <p className="pay-home__leaver">{leaver}</p>}
      <LatestPayslipCard />
      <RecentUpdates />
    </div>
  );
}

// "Your data" in Settings: download everything the portal holds about you, or close your account.
import { CloseAccount } from './CloseAccount';
import { DownloadMyData } from './DownloadMyData';
import './my-data.css';

export function MyDataSettings() {
  return (
    <div className="profile-my-data">
      <DownloadMyData />
      <CloseAccount />
    </div>
  );
}

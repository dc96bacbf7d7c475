// Profile (/profile): the overview or one of five edit screens (spec section 4); after a successful
// save it returns to the overview, which shows the saved value.
import { useCallback, useState } from 'react';
import type { ComponentType } from 'react';
import type { IdentityUser } from '@portal/shared/api/types';
import { reloadAuthorisedUser, useUserInfo } from '@portal/shared/contract';
import { LoadErrorNotice } from '@portal/shared/ui/LoadErrorNotice';
import { Notice } from '@portal/shared/ui/Notice';
import { PageHeading } from '@portal/shared/ui/PageHeading';
import { Spinner } from '@portal/shared/ui/Spinner';
import { DateOfBirthForm } from './edit/DateOfBirthForm';
import type { EditFormProps, SavedNotice } from './edit/edit-form';
import { EmailForm } from './edit/EmailForm';
import { MobileForm } from './edit/MobileForm';
import { NameForm } from './edit/NameForm';
import { NiNumberForm } from './edit/NiNumberForm';
import { ProfileOverview } from './overview/ProfileOverview';
import { savedMessage } from './profile-fields';
import type { ProfileFieldKey } from './profile-fields';
import { syncSessionUserInfo } from './session-sync';
import { useIdentityUser } from './use-identity-user';
import { useProfileScreen } from './use-profile-screen';
import { profileTexts } from './messages';
import './profile.css';

const EDIT_FORMS: Record<ProfileFieldKey, ComponentType<EditFormProps>> = {
  name: NameForm,
  email: EmailForm,
  mobile: MobileForm,
  dateOfBirth: DateOfBirthForm,
  niNumber: NiNumberForm,
};

export default function ProfilePage() {
  const sub = useUserInfo()?.sub;
  const { data: user, error, isFetching, refetch } = useIdentityUser(sub);
  const { editing, returnedFrom, openEdit, backToOverview } = useProfileScreen();
  const [saved, setSaved] = useState<SavedNotice | null>(null);

  const handleSaved = useCallback(
    (updated: IdentityUser, notice?: SavedNotice) => {
      syncSessionUserInfo(updated);
      // The authorised user carries the email too (e.g. where notifications go).
      if (editing === 'email') {
        reloadAuthorisedUser().catch((failure: unknown) => console.error('Reloading the account after an email change failed.', failure));
      }
      setSaved(notice ?? (editing ? { title: savedMessage(editing) } : null));
      backToOverview();
    },
    [backToOverview, editing],
  );

  const handleEdit = useCallback(
    (key: ProfileFieldKey) => {
      setSaved(null);
      openEdit(key);
    },
    [openEdit],
  );

  if (editing && user && sub) {
    const EditForm = EDIT_FORMS[editing];
    return (
      <div className="profile-page">
        <EditForm key={editing} user={user} sub={sub} onSaved={handleSaved} onBack={backToOverview} />
      </div>
    );
  }

  let body;
  if (!sub) {
    body = (
      <Notice tone="error" title={profileTexts.t('loadFailed')}>
        {profileTexts.t('whoIsSignedIn')}
      </Notice>
    );
  } else if (user) {
    body = <ProfileOverview user={user} onEdit={handleEdit} returnedFrom={returnedFrom} />;
  } else if (error && !isFetching) {
    body = <LoadErrorNotice title={profileTexts.t('loadFailed')} error={error} onRetry={() => void refetch()} />;
  } else {
    body = <Spinner label={profileTexts.t('loading')} />;
  }

  return (
    <section className="profile-page" aria-labelledby="profile-heading">
      <PageHeading id="profile-heading" focusOnMount={returnedFrom === null}>
        {profileTexts.t('heading')}
      </PageHeading>
      {saved ? (
        <Notice tone="success" title={saved.title} onDismiss={() => setSaved(null)}>
          {saved.message}
        </Notice>
      ) : null}
      {body}
    </section>
  );
}

// After a save, the session's user info (which the shell and the email check read) shows the new
// details at once, not only after the next sign-in.
import type { IdentityUser } from '@portal/shared/api/types';
import { useSessionStore } from '@portal/shared/stores/session';

export function syncSessionUserInfo(user: IdentityUser): void {
  const { userInfo, setUserInfo } = useSessionStore.getState();
  if (!userInfo) return;
  setUserInfo({
    ...userInfo,
    email: user.email,
    given_name: user.firstName ?? undefined,
    middle_name: user.middleName ?? undefined,
    family_name: user.lastName ?? undefined,
    phone_number: user.mobilePhone ?? undefined,
    birthdate: user.birthDate ?? undefined,
  });
}

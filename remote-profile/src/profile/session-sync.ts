// After a save, the session's user info (which the shell and the email check read) shows the new
// details at once, not only after the next sign-in.
import type { IdentityUser } from '@portal/shared/api/types';
import { updateUserInfo } from '@portal/shared/contract';

export function syncSessionUserInfo(user: IdentityUser): void {
  updateUserInfo({
    email: user.email,
    given_name: user.firstName ?? undefined,
    middle_name: user.middleName ?? undefined,
    family_name: user.lastName ?? undefined,
    phone_number: user.mobilePhone ?? undefined,
    birthdate: user.birthDate ?? undefined,
  });
}

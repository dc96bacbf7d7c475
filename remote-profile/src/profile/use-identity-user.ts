// The signed-in identity user (GET /api/user/{sub}, sub from the session), with the answer of the
// last successful save shown in its place until the next load.
import { useCallback, useState } from 'react';
import type { IdentityUser } from '@portal/shared/api/types';
import { useApiRequest } from '@portal/shared/react/use-api-request';
import { fetchIdentityUser } from './api';

export type IdentityUserState = {
  user: IdentityUser | undefined;
  error: unknown;
  reload: () => void;
  /** Shows the user a save answered with (the PATCH answers with the whole user). */
  replaceUser: (user: IdentityUser) => void;
};

export function useIdentityUser(sub: string | undefined): IdentityUserState {
  const request = useApiRequest((signal) => fetchIdentityUser(sub ?? '', signal), [sub], {
    enabled: Boolean(sub),
    onError: (error) => console.error('Loading the profile failed.', error),
  });
  // Keyed by sub, so a saved user never shows for someone else.
  const [saved, setSaved] = useState<{ sub: string | undefined; user: IdentityUser } | null>(null);
  const { reload: reloadRequest } = request;

  const replaceUser = useCallback((user: IdentityUser) => setSaved({ sub, user }), [sub]);
  const reload = useCallback(() => {
    setSaved(null);
    reloadRequest();
  }, [reloadRequest]);

  const user = saved && saved.sub === sub ? saved.user : request.data;
  return { user, error: request.error, reload, replaceUser };
}

// Which screen the profile shows: the overview or one edit screen (spec section 4). The host mounts
// the profile on /profile only, so the edit screen lives in the history entry's state: the
// browser's Back button returns to the overview, and a reload keeps the screen.
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from '@portal/shared/router';
import { isProfileFieldKey } from './profile-fields';
import type { ProfileFieldKey } from './profile-fields';

type ProfileHistoryState = { profileEdit: ProfileFieldKey; openedFromOverview: boolean };

function readEditState(state: unknown): ProfileHistoryState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { profileEdit, openedFromOverview } = state as Partial<ProfileHistoryState>;
  return isProfileFieldKey(profileEdit) ? { profileEdit, openedFromOverview: openedFromOverview === true } : null;
}

export type ProfileScreen = {
  /** The field being edited, or null on the overview. */
  editing: ProfileFieldKey | null;
  /** The field whose edit screen was just left: the overview puts focus back on its button. */
  returnedFrom: ProfileFieldKey | null;
  openEdit: (key: ProfileFieldKey) => void;
  backToOverview: () => void;
};

export function useProfileScreen(): ProfileScreen {
  const location = useLocation();
  const navigate = useNavigate();
  const editState = readEditState(location.state);
  const editing = editState?.profileEdit ?? null;

  // Remember the screen we came from, however we left it (back arrow, save, browser Back).
  const [previous, setPrevious] = useState<ProfileFieldKey | null>(editing);
  const [returnedFrom, setReturnedFrom] = useState<ProfileFieldKey | null>(null);
  if (previous !== editing) {
    setPrevious(editing);
    setReturnedFrom(editing === null ? previous : null);
  }

  const { pathname, search } = location;
  const openEdit = useCallback(
    (key: ProfileFieldKey) => {
      navigate({ pathname, search }, { state: { profileEdit: key, openedFromOverview: true } satisfies ProfileHistoryState });
    },
    [navigate, pathname, search],
  );

  const openedFromOverview = editState?.openedFromOverview ?? false;
  const backToOverview = useCallback(() => {
    // Step back to the overview's own history entry when there is one, so Forward works as expected.
    if (openedFromOverview) navigate(-1);
    else navigate({ pathname, search }, { replace: true, state: null });
  }, [navigate, openedFromOverview, pathname, search]);

  return { editing, returnedFrom, openEdit, backToOverview };
}

// Session store: who is signed in and which employment is selected.
// userId and employmentId are kept in local storage as RAW strings under `currentUserID` and
// `employmentID` (the keys other parts of the product read), not in zustand's JSON persist format.
import { create } from 'zustand';
import { DEFAULT_USER_ID, STORAGE_KEYS } from '@portal/shared/constants';
import { readStorage, writeStorage } from '@portal/shared/storage';

/** User info from the sign-in client (`/app/me/`). */
export type SessionUserInfo = {
  sub: string;
  given_name?: string;
  middle_name?: string;
  family_name?: string;
  email?: string;
  phone_number?: string;
  birthdate?: string;
};

/**
 * What setUserInfo accepts: the sign-in SDK's user info (where `sub` is optional and there are more
 * claims). Only the fields of SessionUserInfo are kept; without a `sub` nothing is stored.
 */
export type SessionUserInfoInput = { [K in keyof SessionUserInfo]?: SessionUserInfo[K] | null };

export type SessionState = {
  /** The user id used in API paths; '0' until known. */
  userId: string;
  /** The chosen employment, or null before one is picked. */
  employmentId: string | null;
  userInfo: SessionUserInfo | null;
};

export type SessionActions = {
  setUserId: (id: string) => void;
  setEmploymentId: (id: string | null) => void;
  setUserInfo: (info: SessionUserInfoInput | null | undefined) => void;
  /** Back to defaults; removes both local storage keys. */
  clearSession: () => void;
};

export type SessionStore = SessionState & SessionActions;

const OPTIONAL_CLAIMS = ['given_name', 'middle_name', 'family_name', 'email', 'phone_number', 'birthdate'] as const;

/** Keeps the known claims of user info (strings only); null without a `sub`. */
export function toSessionUserInfo(info: SessionUserInfoInput | null | undefined): SessionUserInfo | null {
  if (!info || typeof info.sub !== 'string' || info.sub === '') return null;
  const result: SessionUserInfo = { sub: info.sub };
  for (const claim of OPTIONAL_CLAIMS) {
    const value = info[claim];
    if (typeof value === 'string') result[claim] = value;
  }
  return result;
}

/** The session state as stored in local storage now (defaults where absent). */
export function readSessionFromStorage(): Pick<SessionState, 'userId' | 'employmentId'> {
  const userId = readStorage(STORAGE_KEYS.userId);
  const employmentId = readStorage(STORAGE_KEYS.employmentId);
  return {
    userId: userId ? userId : DEFAULT_USER_ID,
    employmentId: employmentId ? employmentId : null,
  };
}

export const useSessionStore = create<SessionStore>()((set) => ({
  ...readSessionFromStorage(),
  userInfo: null,
  setUserId: (id) => {
    const userId = id ? id : DEFAULT_USER_ID;
    writeStorage(STORAGE_KEYS.userId, userId);
    set({ userId });
  },
  setEmploymentId: (id) => {
    const employmentId = id ? id : null;
    writeStorage(STORAGE_KEYS.employmentId, employmentId);
    set({ employmentId });
  },
  setUserInfo: (info) => set({ userInfo: toSessionUserInfo(info) }),
  clearSession: () => {
    writeStorage(STORAGE_KEYS.userId, null);
    writeStorage(STORAGE_KEYS.employmentId, null);
    set({ userId: DEFAULT_USER_ID, employmentId: null, userInfo: null });
  },
}));

/** Reloads userId and employmentId from local storage (tests, another tab changed them). */
export function rehydrateSessionFromStorage(): void {
  useSessionStore.setState(readSessionFromStorage());
}

/** The current user id for API paths, falling back to '0'. */
export function getCurrentUserId(): string {
  return useSessionStore.getState().userId || DEFAULT_USER_ID;
}

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
  /** The account's roles ('employer-admin'), as FusionAuth's userinfo carries them. Since contract 1.4.0. */
  roles?: readonly string[];
};

/**
 * What setUserInfo accepts: the sign-in SDK's user info (where `sub` is optional and there are more
 * claims). Only the fields of SessionUserInfo are kept; without a `sub` nothing is stored.
 */
export type SessionUserInfoInput = { [K in keyof SessionUserInfo]?: SessionUserInfo[K] | null };

/**
 * The employment a user chose last. It outlives sign-out so that the account picker can offer it
 * first next time; it holds two opaque ids and only counts for the same user.
 */
export type LastEmploymentChoice = { readonly userId: string; readonly employmentId: string };

export type SessionState = {
  /** The user id used in API paths; '0' until known. */
  userId: string;
  /** The chosen employment, or null before one is picked. */
  employmentId: string | null;
  userInfo: SessionUserInfo | null;
  lastChoice: LastEmploymentChoice | null;
};

export type SessionActions = {
  setUserId: (id: string) => void;
  setEmploymentId: (id: string | null) => void;
  setUserInfo: (info: SessionUserInfoInput | null | undefined) => void;
  /** Back to defaults; removes both local storage keys (the last choice stays, see LastEmploymentChoice). */
  clearSession: () => void;
};

export type SessionStore = SessionState & SessionActions;

const OPTIONAL_CLAIMS = ['given_name', 'middle_name', 'family_name', 'email', 'phone_number', 'birthdate'] as const;

/** Keeps the known claims of user info (strings, and roles as a list of strings); null without a `sub`. */
export function toSessionUserInfo(info: SessionUserInfoInput | null | undefined): SessionUserInfo | null {
  if (!info || typeof info.sub !== 'string' || info.sub === '') return null;
  const result: SessionUserInfo = { sub: info.sub };
  for (const claim of OPTIONAL_CLAIMS) {
    const value = info[claim];
    if (typeof value === 'string') result[claim] = value;
  }
  if (Array.isArray(info.roles)) result.roles = info.roles.filter((role): role is string => typeof role === 'string');
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

function readLastChoice(): LastEmploymentChoice | null {
  try {
    const value: unknown = JSON.parse(readStorage(STORAGE_KEYS.lastEmploymentChoice) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const { userId, employmentId } = value as Record<string, unknown>;
    return typeof userId === 'string' && typeof employmentId === 'string' ? { userId, employmentId } : null;
  } catch {
    return null;
  }
}

export const useSessionStore = create<SessionStore>()((set, get) => ({
  ...readSessionFromStorage(),
  userInfo: null,
  lastChoice: readLastChoice(),
  setUserId: (id) => {
    const userId = id ? id : DEFAULT_USER_ID;
    writeStorage(STORAGE_KEYS.userId, userId);
    set({ userId });
  },
  setEmploymentId: (id) => {
    const employmentId = id ? id : null;
    writeStorage(STORAGE_KEYS.employmentId, employmentId);
    const { userId } = get();
    if (!employmentId || userId === DEFAULT_USER_ID) {
      set({ employmentId });
      return;
    }
    const lastChoice = { userId, employmentId };
    writeStorage(STORAGE_KEYS.lastEmploymentChoice, JSON.stringify(lastChoice));
    set({ employmentId, lastChoice });
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
  useSessionStore.setState({ ...readSessionFromStorage(), lastChoice: readLastChoice() });
}

/** The employment the signed-in user chose last (on this device), or null. */
export function selectLastEmploymentChoice(state: SessionState): string | null {
  const { lastChoice, userId } = state;
  return lastChoice && userId !== DEFAULT_USER_ID && lastChoice.userId === userId ? lastChoice.employmentId : null;
}

/** The current user id for API paths, falling back to '0'. */
export function getCurrentUserId(): string {
  return useSessionStore.getState().userId || DEFAULT_USER_ID;
}

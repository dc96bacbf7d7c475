// Actions only the host can perform (they navigate, or talk to the sign-in client). The host
// registers the real implementations; remotes reach them through @portal/shared/contract.
import { create } from 'zustand';
import type { Language } from '@portal/shared/i18n';

export type HostActions = {
  /**
   * Signs the user out: ends the session on the server (a POST), forgets it on this device, goes to the
   * landing page, or to `to` when it is a path of the portal's origin (the contract's signOut(path)).
   */
  signOut: (to?: unknown) => void;
  /** Reloads the authorised user (employments, privacy policy) into the account store. */
  reloadAuthorisedUser: () => Promise<void>;
  /** The user chose this employment: it is stored, sign-up is marked complete and Home shows. */
  selectEmployment: (employmentId: string) => Promise<void>;
  /** The person chose this language: kept on this device and their account, and the page loads again in it. */
  switchLanguage: (language: Language) => Promise<void>;
};

function notRegistered(name: keyof HostActions): void {
  console.warn(`${name} was called, but the host has not registered its actions.`);
}

export const defaultHostActions: Readonly<HostActions> = Object.freeze({
  signOut: () => notRegistered('signOut'),
  reloadAuthorisedUser: async () => {},
  selectEmployment: async () => notRegistered('selectEmployment'),
  switchLanguage: async () => notRegistered('switchLanguage'),
});

export const useHostActions = create<HostActions>()(() => ({ ...defaultHostActions }));

/**
 * Registers (some of) the host's actions. Returns a function that puts back the ones replaced,
 * for use as a React effect clean-up.
 */
export function registerHostActions(actions: Partial<HostActions>): () => void {
  const keys = (Object.keys(actions) as (keyof HostActions)[]).filter((key) => typeof actions[key] === 'function');
  const previous = useHostActions.getState();
  const next: Partial<HostActions> = {};
  const replaced: Partial<HostActions> = {};
  for (const key of keys) {
    Object.assign(next, { [key]: actions[key] });
    Object.assign(replaced, { [key]: previous[key] });
  }
  useHostActions.setState(next);
  return () => {
    const current = useHostActions.getState();
    // Only put back what is still ours (a later registration wins).
    const restore: Partial<HostActions> = {};
    for (const key of keys) {
      if (current[key] === next[key]) Object.assign(restore, { [key]: replaced[key] });
    }
    useHostActions.setState(restore);
  };
}

/** Puts back the default (no-op) host actions (tests). */
export function resetHostActions(): void {
  useHostActions.setState({ ...defaultHostActions });
}

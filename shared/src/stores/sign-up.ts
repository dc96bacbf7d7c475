// Sign-up store: linking and confirm-account progress, persisted in local storage under `signUp`.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@portal/shared/constants';

export type SignUpState = {
  isLinked: boolean;
  hasInfo: boolean;
  isSignedUp: boolean;
  externalEmploymentID: string | null;
  /** The 6-digit linking code used to link. */
  code: string | null;
};

export type SignUpActions = {
  /** Linking confirmed: stores the employment and code, isLinked becomes true. */
  setLinked: (link: { externalEmploymentID: string; code: string }) => void;
  /** Clears the link (isLinked false, externalEmploymentID and code null). */
  resetLink: () => void;
  setHasInfo: (value: boolean) => void;
  setSignedUp: (value: boolean) => void;
  /** Back to the initial state. */
  resetSignUp: () => void;
};

export type SignUpStore = SignUpState & SignUpActions;

export const initialSignUpState: Readonly<SignUpState> = Object.freeze({
  isLinked: false,
  hasInfo: false,
  isSignedUp: false,
  externalEmploymentID: null,
  code: null,
});

export const useSignUpStore = create<SignUpStore>()(
  persist(
    (set) => ({
      ...initialSignUpState,
      setLinked: ({ externalEmploymentID, code }) => set({ isLinked: true, externalEmploymentID, code }),
      resetLink: () => set({ isLinked: false, externalEmploymentID: null, code: null }),
      setHasInfo: (value) => set({ hasInfo: value }),
      setSignedUp: (value) => set({ isSignedUp: value }),
      resetSignUp: () => set({ ...initialSignUpState }),
    }),
    {
      name: STORAGE_KEYS.signUp,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): SignUpState => ({
        isLinked: state.isLinked,
        hasInfo: state.hasInfo,
        isSignedUp: state.isSignedUp,
        externalEmploymentID: state.externalEmploymentID,
        code: state.code,
      }),
    },
  ),
);

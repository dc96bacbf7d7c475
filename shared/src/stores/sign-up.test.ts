import { initialSignUpState, useSignUpStore } from './sign-up';

function stored(): unknown {
  const raw = localStorage.getItem('signUp');
  return raw === null ? null : (JSON.parse(raw) as { state: unknown }).state;
}

describe('sign-up store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSignUpStore.getState().resetSignUp();
  });

  it('starts with every flag false and nothing linked', () => {
    expect(initialSignUpState).toEqual({ isLinked: false, hasInfo: false, isSignedUp: false, externalEmploymentID: null, code: null });
    expect(useSignUpStore.getState()).toMatchObject(initialSignUpState);
  });

  it('stores a link and persists it under signUp', () => {
    useSignUpStore.getState().setLinked({ externalEmploymentID: 'ext-1', code: '123456' });
    expect(useSignUpStore.getState()).toMatchObject({ isLinked: true, externalEmploymentID: 'ext-1', code: '123456' });
    expect(stored()).toEqual({ isLinked: true, hasInfo: false, isSignedUp: false, externalEmploymentID: 'ext-1', code: '123456' });
  });

  it('resets the link only', () => {
    const state = useSignUpStore.getState();
    state.setLinked({ externalEmploymentID: 'ext-1', code: '123456' });
    state.setHasInfo(true);
    useSignUpStore.getState().resetLink();
    expect(useSignUpStore.getState()).toMatchObject({ isLinked: false, externalEmploymentID: null, code: null, hasInfo: true });
  });

  it('sets hasInfo and isSignedUp', () => {
    useSignUpStore.getState().setHasInfo(true);
    useSignUpStore.getState().setSignedUp(true);
    expect(stored()).toMatchObject({ hasInfo: true, isSignedUp: true });
    useSignUpStore.getState().setSignedUp(false);
    expect(useSignUpStore.getState().isSignedUp).toBe(false);
  });

  it('resets everything', () => {
    useSignUpStore.getState().setLinked({ externalEmploymentID: 'ext-1', code: '123456' });
    useSignUpStore.getState().setSignedUp(true);
    useSignUpStore.getState().resetSignUp();
    expect(useSignUpStore.getState()).toMatchObject(initialSignUpState);
    expect(stored()).toEqual(initialSignUpState);
  });

  it('restores persisted state on rehydrate', async () => {
    localStorage.setItem(
      'signUp',
      JSON.stringify({ state: { isLinked: true, hasInfo: true, isSignedUp: false, externalEmploymentID: 'e', code: '654321' }, version: 0 }),
    );
    await useSignUpStore.persist.rehydrate();
    expect(useSignUpStore.getState()).toMatchObject({ isLinked: true, hasInfo: true, externalEmploymentID: 'e', code: '654321' });
  });
});

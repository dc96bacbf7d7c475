import { registerHostActions, resetHostActions, useHostActions } from './host-actions';

describe('host actions', () => {
  afterEach(() => resetHostActions());

  it('defaults to no-ops; signOut warns', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    useHostActions.getState().signOut();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('signOut'));
    await expect(useHostActions.getState().reloadAuthorisedUser()).resolves.toBeUndefined();
  });

  it('lets the host register its actions, and undo them', async () => {
    const signOut = jest.fn();
    const reload = jest.fn().mockResolvedValue(undefined);
    const unregister = registerHostActions({ signOut, reloadAuthorisedUser: reload });
    useHostActions.getState().signOut();
    await useHostActions.getState().reloadAuthorisedUser();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);

    unregister();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    useHostActions.getState().signOut();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalled();
  });

  it('registers part of the actions and keeps the rest', () => {
    const first = jest.fn();
    registerHostActions({ signOut: first });
    const reload = jest.fn().mockResolvedValue(undefined);
    registerHostActions({ reloadAuthorisedUser: reload });
    expect(useHostActions.getState().signOut).toBe(first);
    expect(useHostActions.getState().reloadAuthorisedUser).toBe(reload);
  });

  it('does not undo a later registration', () => {
    const first = jest.fn();
    const second = jest.fn();
    const undoFirst = registerHostActions({ signOut: first });
    registerHostActions({ signOut: second });
    undoFirst();
    expect(useHostActions.getState().signOut).toBe(second);
  });
});

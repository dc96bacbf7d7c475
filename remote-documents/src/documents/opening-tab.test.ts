import { openingTab } from './opening-tab';

describe('the tab Documents opens on', () => {
  it.each([
    [{ mine: 'empty', shared: 'files' }, 'shared'],
    [{ mine: 'empty', shared: 'pending' }, 'shared'],
    [{ mine: 'empty', shared: 'empty' }, 'mine'],
    [{ mine: 'files', shared: 'files' }, 'mine'],
    [{ mine: 'files', shared: 'empty' }, 'mine'],
    [{ mine: 'pending', shared: 'files' }, 'mine'],
  ] as const)('%o opens on %s', (lists, expected) => {
    expect(openingTab(lists)).toBe(expected);
  });
});

import { flashState, readFlashNotice } from './flash-notice';

describe('flash notices in location state', () => {
  it('round-trips a notice', () => {
    const notice = { title: 'We could not confirm your information', text: 'Please link again.' };
    expect(readFlashNotice(flashState(notice))).toEqual(notice);
  });

  it.each([null, undefined, 'text', {}, { flashNotice: { title: 1 } }])('reads nothing from %p', (state) => {
    expect(readFlashNotice(state)).toBeNull();
  });
});

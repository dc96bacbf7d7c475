import { flashState, readFlashNotice } from './flash-notice';

describe('flash notices in location state', () => {
  it('round-trips a notice', () => {
    const notice = { title: 'We could not confirm your information', text: 'Please link again.' };
    expect(readFlashNotice(flashState(notice))).toEqual(notice);
  });

  it('round-trips a notice with its next step', () => {
    const notice = { title: 'Your details did not match', text: 'Link again.', action: { label: 'Enter your code again', to: '/setup/link' } };
    expect(readFlashNotice(flashState(notice))).toEqual(notice);
  });

  it.each([{ label: 'Elsewhere', to: 'https://example.com' }, { label: 'Elsewhere', to: '//example.com' }, { label: 1, to: '/setup' }, 'go'])(
    'drops an action that is not a path in the portal: %p',
    (action) => {
      expect(readFlashNotice({ flashNotice: { title: 'T', text: 'X', action } })).toEqual({ title: 'T', text: 'X' });
    },
  );

  it.each([null, undefined, 'text', {}, { flashNotice: { title: 1 } }])('reads nothing from %p', (state) => {
    expect(readFlashNotice(state)).toBeNull();
  });
});

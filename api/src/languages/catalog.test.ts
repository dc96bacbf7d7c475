import { serverCatalog } from './catalog';

const texts = serverCatalog({ en: { said: 'You now sign in with {email}.' }, cy: { said: 'Rydych yn mewngofnodi gyda {email} bellach.' } });

describe('a text of the API’s catalogs', () => {
  it('keeps its values as they are written: an escape in a value prints as typed, never as another character', () => {
    for (const email of ['a@b.co\\u000a\\u000aThis was a routine check.', 'c:\\new\\x41', 'back\\slash\\\\u0041']) {
      expect(texts('en')('said', { email })).toBe(`You now sign in with ${email}.`);
      expect(texts('cy')('said', { email })).toBe(`Rydych yn mewngofnodi gyda ${email} bellach.`);
    }
  });
});

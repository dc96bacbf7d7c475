import type { FastifyRequest } from 'fastify';
import { requestLanguage } from './request-language';

const asking = (acceptLanguage?: string, cookie?: string) =>
  ({
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
    cookies: cookie ? { 'portal-language': cookie } : {},
  }) as unknown as FastifyRequest;

describe('the language a request is answered in', () => {
  it.each([
    [undefined, undefined, 'en'],
    ['cy', undefined, 'cy'],
    ['cy-GB,cy;q=0.9,en;q=0.8', undefined, 'cy'],
    ['en-GB,en;q=0.9,cy;q=0.8', undefined, 'en'],
    // By the weights the browser gives, not by the order it writes them in.
    ['en;q=0.4, CY-gb;q=0.9', undefined, 'cy'],
    ['fr-FR, de;q=0.9', undefined, 'en'],
    ['cy;q=0, en', undefined, 'en'],
    ['*', undefined, 'en'],
    ['', undefined, 'en'],
    // The switch's choice over the browser's; a cookie the portal did not write is ignored.
    ['en', 'cy', 'cy'],
    ['cy', 'en', 'en'],
    ['cy', 'fr', 'cy'],
  ])('Accept-Language %j with the cookie %j: %s', (acceptLanguage, cookie, expected) => {
    expect(requestLanguage(asking(acceptLanguage, cookie), ['en', 'cy'])).toBe(expected);
  });

  it('is English whatever is asked while the portal offers English alone', () => {
    expect(requestLanguage(asking('cy'), ['en'])).toBe('en');
    expect(requestLanguage(asking('cy', 'cy'), ['en'])).toBe('en');
  });
});

// The sign-in service's forms as a browser posts them: the page first (its CSRF cookie goes into
// the jar, its hidden fields carry the token), then the fields, url-encoded, with the page's Origin.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CLIENT_ID, FRONT_END, formFields, request } from './helpers';
import type { CookieJar } from './helpers';

export type OpenedForm = { action: string; fields: Record<string, string> };

/** Opens a page and reads its first form: action and fields, the hidden ones (CSRF token included) too. */
export async function openForm(app: FastifyInstance, jar: CookieJar, url: string): Promise<OpenedForm> {
  const page = await request(app, jar, { url, headers: { accept: 'text/html' } });
  if (page.statusCode !== 200) throw new Error(`${url} answered ${page.statusCode}: ${page.body.slice(0, 200)}`);
  return formFields(page.body);
}

/** Posts form fields as the browser does from one of the portal's pages. */
export function postForm(
  app: FastifyInstance,
  jar: CookieJar,
  action: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return request(app, jar, {
    method: 'POST',
    url: action,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: FRONT_END, ...headers },
  });
}

/** This browser's CSRF token, as any form page hands it out (for posts built by hand). */
export async function csrfTokenOf(app: FastifyInstance, jar: CookieJar): Promise<string> {
  const { fields } = await openForm(app, jar, `/account/sign-in?client_id=${CLIENT_ID}`);
  if (!fields.csrf_token) throw new Error('the sign-in page has no csrf_token field');
  return fields.csrf_token;
}

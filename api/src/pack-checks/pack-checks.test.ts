// A lender checks a proof-of-income pack without signing in: the code printed on every page finds
// the pack issued, the file's SHA-256 says whether it is unchanged. The answer tells nothing of the
// person or their pay; every check answered is logged; an address gets PACK_CHECK_LIMIT checks an
// hour however many it sends at once; a closed account's packs can no longer be found.
import crypto from 'node:crypto';
import { CookieJar, DEMO, DEMO_PASSWORD, FRONT_END, api, bundleTestBed, latestCode, request } from '../test/helpers';
import type { SignedIn } from '../test/helpers';
import { openForm } from '../test/forms';
import { burst } from '../test/burst';
import { pdfText } from '../test/pdf-text';
import { toBool } from '../db/convert';
import { londonIsoDate } from '../london-date';
import { PACK_CODE_ALPHABET, packCodeHash } from '../files/proof-of-income/pack-code';
import { PACK_CHECK_LIMIT, PACK_CHECK_LOG_DAYS, PACK_UPLOAD_MAX_BYTES } from './limits';

const bed = bundleTestBed();
const db = () => bed.t.database.db;

const packUrl = (user: SignedIn, employmentId: string) => `/api/users/${user.sub}/employments/${employmentId}/proof-of-income`;
const CODE = new RegExp(`with code ((?:[${PACK_CODE_ALPHABET}]{4}-){3}[${PACK_CODE_ALPHABET}]{4})\\.`);
const GENUINE = 'Genuine and unchanged: issued by the pay portal on ';
const CHANGED = 'The code is genuine but this file has been changed since it was issued';
const UNKNOWN = 'We cannot find this code';

async function downloadPack(user: SignedIn, employmentId: string): Promise<{ pdf: Buffer; code: string }> {
  await db().deleteFrom('throttle_counters').where('key', '=', `bundle:user:${user.sub}`).execute();
  const res = await api(bed.t.app, user, 'GET', packUrl(user, employmentId));
  expect(res.statusCode).toBe(200);
  const code = CODE.exec(pdfText(res.rawPayload))?.[1];
  if (!code) throw new Error('the pack has no verification code');
  return { pdf: res.rawPayload, code };
}

/** A multipart body as a browser sends the check form: its fields in order, then the file. */
function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer } | null): { body: Buffer; type: string } {
  const boundary = `----lender${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="proof.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/** A lender's browser: it opens /verify (its CSRF cookie and token), then posts the code and the file. */
async function lender(remoteAddress = '203.0.113.7') {
  const jar = new CookieJar({ remoteAddress });
  const { fields } = await openForm(bed.t.app, jar, '/verify');
  const check = (code: string, pdf: Buffer | null, headers: Record<string, string> = {}) => {
    const { body, type } = multipart({ csrf_token: fields.csrf_token!, code }, pdf && { name: 'pack', bytes: pdf });
    return request(bed.t.app, jar, {
      method: 'POST',
      url: '/verify',
      payload: body,
      headers: { 'content-type': type, accept: 'text/html', origin: FRONT_END, ...headers },
    });
  };
  return { jar, token: fields.csrf_token!, check };
}

const clearCheckLimit = () => db().deleteFrom('throttle_counters').where('key', 'like', 'pack-check:%').execute();
const checkLog = () => db().selectFrom('pack_checks').selectAll().orderBy('checked_at').execute();

describe('the pack a lender checks', () => {
  it('prints its code and the check address on every page, and keeps only the hashes of the code and the bytes', async () => {
    const { pdf, code } = await downloadPack(bed.alex, DEMO.employments.alexNorthwind);
    const text = pdfText(pdf);
    const line = `Check this pack is genuine and unchanged at http://localhost:8080/verify with code ${code}.`;
    expect(text.split(line).length - 1).toBe(5);
    const row = await db().selectFrom('issued_packs').selectAll().where('code_hash', '=', packCodeHash(code)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: bed.alex.sub, employment_id: DEMO.employments.alexNorthwind, p60_tax_year: '2025/26' });
    expect(row.pdf_sha256).toBe(crypto.createHash('sha256').update(pdf).digest('hex'));
    expect(row.first_pay_date! < row.last_pay_date!).toBe(true);
    expect(JSON.stringify(row)).not.toContain(code.replace(/-/g, ''));
    // Each download is a pack of its own: another code, another row.
    const again = await downloadPack(bed.alex, DEMO.employments.alexNorthwind);
    expect(again.code).not.toBe(code);
  });
});

describe('GET /verify', () => {
  it('is a page with no script, its own CSP, and a form carrying the CSRF token', async () => {
    const res = await request(bed.t.app, new CookieJar(), { url: '/verify', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).not.toContain('script-src');
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('<h1>Check a proof of income</h1>');
    expect(res.body).toMatch(/<form method="post" action="\/verify" enctype="multipart\/form-data"/);
    expect(res.body).toContain('name="csrf_token"');
  });
});

describe('POST /verify', () => {
  beforeEach(clearCheckLimit);

  it('answers genuine for the file as issued, with the date alone; changed for one byte changed; unknown for a code never issued', async () => {
    const { pdf, code } = await downloadPack(bed.alex, DEMO.employments.alexNorthwind);
    const { check } = await lender();
    const logged = (await checkLog()).length;

    const genuine = await check(code, pdf);
    expect(genuine.statusCode).toBe(200);
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(new Date());
    expect(genuine.body).toContain(`${GENUINE}${today}`);
    // Nothing of the person or the pay.
    for (const private_ of ['Alex', 'Morgan', 'Northwind', '£', 'NW-1042']) expect(genuine.body).not.toContain(private_);

    const changed = Buffer.from(pdf);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = changed[middle]! ^ 1;
    const altered = await check(code, changed);
    expect(altered.statusCode).toBe(200);
    expect(altered.body).toContain(CHANGED);
    expect(altered.body).not.toContain(GENUINE);

    // Typed as a person might: lower case, spaces for hyphens.
    expect((await check(code.toLowerCase().replace(/-/g, ' '), pdf)).body).toContain(GENUINE);

    const unknown = await check('ABCD-EFGH-JKLM-NPQR', pdf);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain(UNKNOWN);

    const log = (await checkLog()).slice(logged);
    expect(log.map((row) => [row.result, toBool(row.code_found)])).toEqual([
      ['genuine', true],
      ['changed', true],
      ['genuine', true],
      ['unknown', false],
    ]);
    for (const row of log) {
      expect(row.client_hash).toMatch(/^[\w-]{43}$/);
      expect(row.client_hash).not.toContain('203.0.113.7');
    }
  });

  it(`keeps the log ${PACK_CHECK_LOG_DAYS} days: an older row goes when a check is logged`, async () => {
    const old = new Date(Date.now() - (PACK_CHECK_LOG_DAYS + 1) * 24 * 60 * 60 * 1000).toISOString();
    await db().insertInto('pack_checks').values({ id: 'chk_old', checked_at: old, code_found: false, result: 'unknown', client_hash: 'x' }).execute();
    const { check } = await lender();
    expect((await check('ABCD-EFGH-JKLM-NPQR', Buffer.from('%PDF-'))).statusCode).toBe(200);
    expect(await db().selectFrom('pack_checks').select('id').where('id', '=', 'chk_old').execute()).toEqual([]);
  });

  it('asks again, with the error by its field, for a missing or mistyped code or no file', async () => {
    const { pdf } = await downloadPack(bed.alex, DEMO.employments.alexNorthwind);
    const { check } = await lender();
    const noCode = await check('', pdf);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.body).toContain('There is a problem');
    expect(noCode.body).toContain('<a href="#code">Enter the verification code from the foot of a page of the PDF</a>');
    const mistyped = await check('ABCD-EFGH-JKLM-NPQ0', pdf);
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.body).toContain('Enter the code as it is printed');
    expect(mistyped.body).toContain('value="ABCD-EFGH-JKLM-NPQ0"');
    const noFile = await check('ABCD-EFGH-JKLM-NPQR', null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.body).toContain('<a href="#pack">Choose the proof of income PDF you were given</a>');
  });

  it('refuses a form without this browser’s CSRF token, or from another site, before reading the file', async () => {
    const { pdf, code } = await downloadPack(bed.alex, DEMO.employments.alexNorthwind);
    const { check } = await lender();
    const { body, type } = multipart({ csrf_token: 'forged', code }, { name: 'pack', bytes: pdf });
    const forged = await request(bed.t.app, new CookieJar(), {
      method: 'POST',
      url: '/verify',
      payload: body,
      headers: { 'content-type': type, accept: 'text/html', origin: FRONT_END },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('This form has expired');
    expect((await check(code, pdf, { origin: 'https://elsewhere.example' })).statusCode).toBe(403);
  });

  it(`refuses a file over ${PACK_UPLOAD_MAX_BYTES / 1024 / 1024} MB with a 413`, async () => {
    const { check } = await lender();
    const big = await check('ABCD-EFGH-JKLM-NPQR', Buffer.alloc(PACK_UPLOAD_MAX_BYTES + 1, 0x20));
    expect(big.statusCode).toBe(413);
    expect(big.body).toContain('The file is larger than 5 MB');
  });

  it(`answers ${PACK_CHECK_LIMIT.max} of 300 checks sent at once from one address, and logs each answered`, async () => {
    const { pdf, code } = await downloadPack(bed.alex, DEMO.employments.alexNorthwind);
    const { jar, token } = await lender();
    const logged = (await checkLog()).length;
    const calls = Array.from({ length: 300 }, () => {
      const { body, type } = multipart({ csrf_token: token, code }, { name: 'pack', bytes: pdf });
      return { method: 'POST', path: '/verify', body, headers: { cookie: jar.header(), origin: FRONT_END, accept: 'text/html', 'content-type': type } };
    });
    const result = await burst(bed.server, calls);
    expect(result.statuses).toEqual({ '200': PACK_CHECK_LIMIT.max, '429': 300 - PACK_CHECK_LIMIT.max });
    expect(result.answers.filter((answer) => answer.status === 200).every((answer) => answer.body.includes(GENUINE))).toBe(true);
    expect(Number(result.answers.find((answer) => answer.status === 429)!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await checkLog()).length - logged).toBe(PACK_CHECK_LIMIT.max);
  }, 120_000);
});

describe('POST /api/verify-pack', () => {
  beforeEach(clearCheckLimit);

  const checkByHash = (code: string, sha256: string, remoteAddress = '198.51.100.4') =>
    bed.t.app.inject({ method: 'POST', url: '/api/verify-pack', payload: { code, sha256 }, remoteAddress });
  const answer = (res: { json(): unknown }) => JSON.parse((res.json() as { data: string }).data).data as { result: string; issuedOn: string | null };

  it('answers a program with no session: genuine with the date alone, changed, unknown; logged like the page', async () => {
    const { pdf, code } = await downloadPack(bed.alex, DEMO.employments.alexNorthwind);
    const sha256 = crypto.createHash('sha256').update(pdf).digest('hex');
    const logged = (await checkLog()).length;
    const genuine = await checkByHash(code, sha256.toUpperCase());
    expect(genuine.statusCode).toBe(200);
    expect(answer(genuine)).toEqual({ result: 'genuine', issuedOn: londonIsoDate() });
    expect(genuine.body).not.toMatch(/Alex|Morgan|Northwind|em_alex/);
    expect(answer(await checkByHash(code, 'ab'.repeat(32)))).toEqual({ result: 'changed', issuedOn: null });
    expect(answer(await checkByHash('ABCD-EFGH-JKLM-NPQR', sha256))).toEqual({ result: 'unknown', issuedOn: null });
    expect((await checkLog()).slice(logged).map((row) => row.result)).toEqual(['genuine', 'changed', 'unknown']);
  });

  it('refuses a code that cannot be one, or a hash that is not SHA-256 in hex, with a 400', async () => {
    const badCode = await checkByHash('ABCD-EFGH-JKLM-NPQ0', 'ab'.repeat(32));
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toMatchObject({ status: 400, code: 'pack_check.code_invalid' });
    expect((await checkByHash('ABCD-EFGH-JKLM-NPQR', 'not a hash')).statusCode).toBe(400);
  });

  it(`shares the page's limit: ${PACK_CHECK_LIMIT.max} of 300 sent at once from one address`, async () => {
    const call = {
      method: 'POST',
      path: '/api/verify-pack',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'ABCD-EFGH-JKLM-NPQR', sha256: 'ab'.repeat(32) }),
    };
    const result = await burst(
      bed.server,
      Array.from({ length: 300 }, () => call),
    );
    expect(result.statuses).toEqual({ '200': PACK_CHECK_LIMIT.max, '429': 300 - PACK_CHECK_LIMIT.max });
    // The page at the same address is refused too.
    const { check } = await lender('127.0.0.1');
    expect((await check('ABCD-EFGH-JKLM-NPQR', Buffer.from('%PDF-'))).statusCode).toBe(429);
  }, 120_000);
});

describe("a closed account's pack", () => {
  beforeEach(clearCheckLimit);

  it('is found until the account closes, then no longer, and its rows are gone', async () => {
    const { pdf, code } = await downloadPack(bed.sam, DEMO.employments.samBrightwater);
    const { check } = await lender();
    expect((await check(code, pdf)).body).toContain(GENUINE);

    const closeUrl = `/api/users/${bed.sam.sub}/close-account`;
    expect((await api(bed.t.app, bed.sam, 'POST', `${closeUrl}/code`, {})).statusCode).toBe(200);
    const closed = await api(bed.t.app, bed.sam, 'POST', closeUrl, { password: DEMO_PASSWORD, code: await latestCode(bed.t.app, DEMO.sam.email) });
    expect(closed.statusCode).toBe(200);

    expect((await check(code, pdf)).body).toContain(UNKNOWN);
    expect(await db().selectFrom('issued_packs').select('id').where('user_id', '=', bed.sam.sub).execute()).toEqual([]);
  });
});

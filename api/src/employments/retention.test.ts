// A leaver's pay records stay readable for the employer's retention period after the end date, then
// are no longer served: the date arithmetic, and every employment route of an ended employment
// before and after its period, with the other employment and another user's untouched.
import { DEMO, api, createTestApp, signInAlex, signInSam, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { retainedUntil, retentionEndedMessage, retentionHasEnded } from './retention';

describe('retainedUntil', () => {
  it('is the end date plus the retention period in years, and nothing while the employment is active', () => {
    expect(retainedUntil('2026-03-31', 6)).toBe('2032-03-31');
    expect(retainedUntil('2025-12-31', 1)).toBe('2026-12-31');
    expect(retainedUntil('2026-03-31', 0)).toBe('2026-03-31');
    expect(retainedUntil(null, 6)).toBeNull();
  });

  it('keeps 29 February to the last day of February in a year without it', () => {
    expect(retainedUntil('2024-02-29', 6)).toBe('2030-02-28');
    expect(retainedUntil('2024-02-29', 4)).toBe('2028-02-29');
  });

  it('ends the day after the last day kept, in the UK', () => {
    expect(retentionHasEnded('2032-03-31', '2032-03-31')).toBe(false);
    expect(retentionHasEnded('2032-03-31', '2032-04-01')).toBe(true);
    expect(retentionHasEnded(null, '2099-01-01')).toBe(false);
  });

  it('says which employer and until when, as dates are written here', () => {
    expect(retentionEndedMessage('Northwind Logistics Ltd', '2032-03-31')).toBe(
      'Your payslips and documents from Northwind Logistics Ltd were kept here until 31 March 2032 and are no longer available. Northwind Logistics Ltd still keeps its own pay records.',
    );
  });
});

describe('an ended employment before and after its retention period', () => {
  let t: TestApp;
  let alex: SignedIn;
  let sam: SignedIn;
  let payslipId: string;
  beforeAll(async () => {
    t = await createTestApp();
    alex = await signInAlex(t.app);
    sam = await signInSam(t.app);
    const slip = await t.database.db
      .selectFrom('payslips')
      .select('id')
      .where('employment_id', '=', DEMO.employments.alexBrightwater)
      .executeTakeFirstOrThrow();
    payslipId = slip.id;
  });
  afterAll(() => t.close());

  const retention = (years: number) =>
    t.database.db.updateTable('employers').set({ retention_years: years }).where('id', '=', DEMO.employers.brightwater).execute();
  const brightwater = (user: SignedIn, employmentId: string) => `/api/users/${user.sub}/employments/${employmentId}`;
  const routes = () => {
    const e = brightwater(alex, DEMO.employments.alexBrightwater);
    return [
      `${e}/document_types`,
      `${e}/payslips`,
      `${e}/documents`,
      `${e}/updates`,
      `${e}/intranet`,
      `${e}/tax-years/2024-25/archive`,
      `${e}/proof-of-income`,
      `/api/users/${alex.sub}/file/${payslipId}/employment/${DEMO.employments.alexBrightwater}`,
      `/api/users/${alex.sub}/file/doc_alex_bw_p45_2425/employment/${DEMO.employments.alexBrightwater}`,
    ];
  };
  const employments = async () =>
    unwrap<{ employments: { ID: string; retainedUntil?: string }[] }[]>(await api(t.app, alex, 'GET', '/api/users/authorised')).data[0]!.employments;

  it('is served for six years after its end date by default, and says until when', async () => {
    expect(await employments()).toEqual([
      expect.not.objectContaining({ retainedUntil: expect.anything() }),
      expect.objectContaining({ ID: DEMO.employments.alexBrightwater, endDate: '2025-03-31', retainedUntil: '2031-03-31' }),
    ]);
    for (const url of routes()) expect({ url, status: (await api(t.app, alex, 'GET', url)).statusCode }).toEqual({ url, status: 200 });
  });

  it('is not served once the period is over: no longer listed, 404 saying so on every route, while the active employment and another user are unaffected', async () => {
    await retention(0); // kept until the end date itself, long past
    try {
      expect((await employments()).map((e) => e.ID)).toEqual([DEMO.employments.alexNorthwind]);
      for (const url of routes()) {
        const res = await api(t.app, alex, 'GET', url);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({
          url,
          status: 404,
          body: {
            status: 404,
            error:
              'Your payslips and documents from Brightwater Foods plc were kept here until 31 March 2025 and are no longer available. Brightwater Foods plc still keeps its own pay records.',
            code: 'employment.retention_ended',
            data: null,
          },
        });
      }
      expect((await api(t.app, alex, 'GET', `${brightwater(alex, DEMO.employments.alexNorthwind)}/payslips`)).statusCode).toBe(200);
      // Sam still works at Brightwater: an active employment has no end, so no period runs out.
      expect((await api(t.app, sam, 'GET', `${brightwater(sam, DEMO.employments.samBrightwater)}/payslips`)).statusCode).toBe(200);
      // The records stay with the employer.
      const kept = await t.database.db.selectFrom('payslips').select('id').where('employment_id', '=', DEMO.employments.alexBrightwater).execute();
      expect(kept.length).toBeGreaterThan(0);
    } finally {
      await retention(6);
    }
  });

  it('is served again when the employer keeps records longer', async () => {
    await retention(20);
    expect((await employments())[1]).toMatchObject({ retainedUntil: '2045-03-31' });
    expect((await api(t.app, alex, 'GET', `${brightwater(alex, DEMO.employments.alexBrightwater)}/payslips`)).statusCode).toBe(200);
    await retention(6);
  });
});

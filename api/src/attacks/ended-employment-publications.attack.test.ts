// An employer publishing to staff after an employment ended, on SQLite and PostgreSQL: Alex's
// Brightwater employment ended on 31 March 2025. A shared document published after that is neither
// listed for it nor downloadable through it; one published before the end stays, as do updates from
// the employment's own time (employments/repository.ts, "What an ended employment keeps").
import { DEMO, api, createTestApp, signInAlex, unwrap } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { recordAttack } from '../test/attack-figures';
import { employerCall, newKey } from '../employer-api/test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const document = (title: string, publishedOn: string) => ({ filename: `${title}.pdf`, title, publishedOn, paragraphs: ['Text.'] });

it('shows an ended employment none of the shared documents published after its end date, and keeps the earlier ones', async () => {
  const key = await newKey(t.database.db, DEMO.employers.brightwater);
  expect((await employerCall(t.app, key, 'PUT', '/intranet-documents/AFTER-END', document('Pay-rise-2026', '2026-04-01'))).statusCode).toBe(201);
  expect((await employerCall(t.app, key, 'PUT', '/intranet-documents/BEFORE-END', document('Handbook-2025', '2025-03-01'))).statusCode).toBe(201);
  const alex = await signInAlex(t.app);
  const base = `/api/users/${alex.sub}/employments/${DEMO.employments.alexBrightwater}`;
  const listed = unwrap<{ ID: string; filename: string }[]>(await api(t.app, alex, 'GET', `${base}/intranet`)).data.map((d) => d.filename);
  const ids = await t.database.db
    .selectFrom('intranet_documents')
    .select(['id', 'external_id'])
    .where('external_id', 'in', ['AFTER-END', 'BEFORE-END'])
    .execute();
  const idOf = (external: string) => ids.find((row) => row.external_id === external)!.id;
  const download = await api(t.app, alex, 'GET', `/api/users/${alex.sub}/file/intranet/${idOf('AFTER-END')}/employment/${DEMO.employments.alexBrightwater}`);
  const earlier = await api(t.app, alex, 'GET', `/api/users/${alex.sub}/file/intranet/${idOf('BEFORE-END')}/employment/${DEMO.employments.alexBrightwater}`);
  recordAttack({
    hole: 'ended employments receiving new shared documents',
    attack: 'a shared document published on 1 April 2026 to the staff of an employer whose employment of the user ended on 31 March 2025',
    outcome: `not listed (${listed.length} listed, all dated before the end); its download answered ${download.statusCode}; an earlier one still downloads (${earlier.statusCode})`,
    held: !listed.includes('Pay-rise-2026.pdf') && download.statusCode === 404,
  });
  expect(listed).toContain('Handbook-2025.pdf');
  expect(listed).not.toContain('Pay-rise-2026.pdf');
  expect(download.statusCode).toBe(404);
  expect(earlier.statusCode).toBe(200);
});

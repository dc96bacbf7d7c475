// Pay documents in bulk from the console: PDFs named `<employeeId>_<type>_<taxYear>.pdf`, or listed in
// a manifest (CSV `file,employeeId,type,taxYear,issuedOn`). Each PDF passes the employer API's own
// checks (pdf-check.ts, then read and written anew by the PDF workers, pay-document.ts) and is kept an
// hour with the preview; publishing stores them all through publish-repository.ts in one transaction
// with the upload's claim and the `upload` audit entry, or none.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { fromJson, newId, toJson } from '../db/convert';
import { HttpError } from '../http/errors';
import { londonIsoDate } from '../london-date';
import { PublishRepository, isRefused } from '../employer-api/publish-repository';
import { pdfProblem } from '../employer-api/pdf-check';
import { storedContent } from '../employer-api/pay-document';
import type { UploadCleaner } from '../employer-api/pay-document';
import { checkTaxYear } from '../employer-api/rules';
import type { DocumentQuery } from '../employer-api/schemas';
import { CsvError, parseCsv } from '../employer-api/csv/parse-csv';
import { insertAuditEntry } from './audit-repository';
import { claimUpload, employmentsNamed, findUpload, insertUpload, setUploadResult, uploadFiles, uploadResult } from './uploads-repository';
import { notPublishable, uploadNotFound } from './publish-errors';
import { uploadText } from './pay-run-upload-check';
import type { Admin } from './pay-run-uploads';

export type ConsoleDocumentType = 'P60' | 'P45' | 'P11D' | 'PensionLetter';
const API_TYPE: Record<ConsoleDocumentType, DocumentQuery['type']> = { P60: 'P60', P45: 'P45', P11D: 'P11D', PensionLetter: 'pension-letter' };
const TYPES = Object.keys(API_TYPE) as ConsoleDocumentType[];

export type PreviewFile = {
  name: string;
  employeeId: string | null;
  employeeName: string | null;
  type: ConsoleDocumentType | null;
  taxYear: string | null;
  problem: string | null;
};
export type DocumentsPreview = { uploadId: string; files: PreviewFile[]; publishable: boolean };
export type DocumentsPublished = { published: number; unchanged: number };

/** What publishing stores of each file (its PDF is the upload's file in the same position). */
type StoredItem = { employeeId: string; type: ConsoleDocumentType; taxYear: string; issuedOn: string };

type Described = { employeeId: string; type: ConsoleDocumentType; taxYear: string; issuedOn: string };
const NAME = /^([A-Za-z0-9_-]{1,64})_(P60|P45|P11D|PensionLetter)_([0-9]{4}-[0-9]{2})\.pdf$/i;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** A manifest's rows by file name; throws HttpError (400) when it cannot be read. */
export function readManifest(bytes: Buffer): Map<string, Described | string> {
  let rows;
  try {
    const { columns, rows: read } = parseCsv(uploadText(bytes));
    const missing = ['file', 'employeeId', 'type', 'taxYear', 'issuedOn'].filter((c) => !columns.includes(c));
    if (missing.length) throw new CsvError(`the manifest lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
    rows = read;
  } catch (error) {
    if (error instanceof CsvError || error instanceof Error) throw new HttpError(400, `The manifest cannot be read: ${error.message}`);
    throw error;
  }
  const byName = new Map<string, Described | string>();
  for (const { row, cells } of rows) {
    const { file, employeeId, type, taxYear, issuedOn } = cells as Record<string, string>;
    const at = `manifest row ${row - 1}`;
    if (!ID.test(employeeId!)) byName.set(file!, `${at}: employeeId must be an id (letters, digits, - or _)`);
    else if (!TYPES.includes(type as ConsoleDocumentType)) byName.set(file!, `${at}: type must be one of ${TYPES.join(', ')}`);
    else if (!/^[0-9]{4}-[0-9]{2}$/.test(taxYear!)) byName.set(file!, `${at}: taxYear must be written like 2025-26`);
    else if (!DATE.test(issuedOn!) || Number.isNaN(Date.parse(issuedOn!))) byName.set(file!, `${at}: issuedOn must be a date like 2026-05-31`);
    else byName.set(file!, { employeeId: employeeId!, type: type as ConsoleDocumentType, taxYear: taxYear!, issuedOn: issuedOn! });
  }
  return byName;
}

/** A file's description from its name (issued today), or why not. */
function fromName(name: string): Described | string {
  const match = NAME.exec(name);
  if (!match)
    return 'the name must be <employeeId>_<type>_<taxYear>.pdf (type P60, P45, P11D or PensionLetter; tax year like 2025-26), or the manifest must list it';
  const type = TYPES.find((t) => t.toLowerCase() === match[2]!.toLowerCase())!;
  return { employeeId: match[1]!, type, taxYear: match[3]!, issuedOn: londonIsoDate() };
}

export class DocumentUploads {
  private readonly repo: PublishRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clean: UploadCleaner,
  ) {
    this.repo = new PublishRepository(db);
  }

  async preview(
    employerId: string,
    admin: Admin,
    files: { name: string; bytes: Buffer }[],
    manifest: Map<string, Described | string> | null,
  ): Promise<DocumentsPreview> {
    const described = files.map(({ name }) => (manifest ? (manifest.get(name) ?? 'the manifest does not list this file') : fromName(name)));
    const ids = described.flatMap((d) => (typeof d === 'string' ? [] : [d.employeeId]));
    const employees = await employmentsNamed(this.db, employerId, ids);
    const seen = new Map<string, string>();
    const kept: Buffer[] = [];
    const items: StoredItem[] = [];
    const answer: PreviewFile[] = [];
    for (const [index, { name, bytes }] of files.entries()) {
      const d = described[index]!;
      const entry: PreviewFile = { name, employeeId: null, employeeName: null, type: null, taxYear: null, problem: null };
      answer.push(entry);
      if (typeof d === 'string') {
        entry.problem = d;
        continue;
      }
      Object.assign(entry, { employeeId: d.employeeId, type: d.type, taxYear: d.taxYear, employeeName: employees.get(d.employeeId)?.name ?? null });
      const key = `${d.employeeId}_${d.type}_${d.taxYear}`;
      entry.problem = this.problemOf(d, employees.has(d.employeeId), seen.get(key));
      seen.set(key, name);
      entry.problem ??= pdfProblem(bytes);
      if (!entry.problem) {
        try {
          const content = await storedContent({ pdf: bytes }, API_TYPE[d.type], 'the file', this.clean);
          if ('pdf' in content) kept.push(content.pdf);
          items.push(d);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          entry.problem = error.message.replace(/^the file /, '');
        }
      }
    }
    const publishable = files.length > 0 && answer.every((f) => f.problem === null);
    const uploadId = newId('upl');
    const preview: DocumentsPreview = { uploadId, files: answer, publishable };
    await insertUpload(
      this.db,
      {
        id: uploadId,
        employerId,
        admin: admin.userId,
        format: 'documents',
        content: publishable ? toJson(items) : null,
        contentHash: toJson(answer.map((f) => f.name)),
        preview: toJson(preview),
      },
      publishable ? kept : [],
    );
    return preview;
  }

  private problemOf(d: Described, known: boolean, twin: string | undefined): string | null {
    if (!known) return `'${d.employeeId}' is no employee of yours`;
    if (twin) return `${twin} is the same employee's ${d.type} for ${d.taxYear}`;
    try {
      checkTaxYear(d.taxYear, 'taxYear');
    } catch (error) {
      return (error as Error).message;
    }
    return null;
  }

  async publish(employerId: string, uploadId: string, admin: Admin): Promise<DocumentsPublished> {
    const upload = await findUpload(this.db, employerId, uploadId);
    if (!upload || upload.format !== 'documents') throw uploadNotFound();
    if (upload.published_at) return this.repeat(uploadId);
    if (!upload.content) throw notPublishable();
    const items = fromJson<StoredItem[]>(upload.content);
    const pdfs = await uploadFiles(this.db, uploadId);
    const answer = await this.db
      .transaction()
      .execute(async (trx): Promise<DocumentsPublished | null> => {
        if (!(await claimUpload(trx, employerId, uploadId))) return null;
        let published = 0;
        for (const [index, item] of items.entries()) {
          const query = { type: API_TYPE[item.type], taxYear: item.taxYear, issuedOn: item.issuedOn };
          const documentId = `${item.employeeId}_${item.type}_${item.taxYear}`;
          const result = await this.repo.publishDocumentIn(trx, employerId, item.employeeId, documentId, query, { pdf: pdfs[index]! });
          if (!result) throw new HttpError(409, `'${item.employeeId}' is no longer an employee of yours`);
          if (isRefused(result)) throw new HttpError(409, `${item.employeeId}'s ${item.type} for ${item.taxYear}: a different file is already published`);
          if (result.created) published++;
        }
        const answer = { published, unchanged: items.length - published };
        await setUploadResult(trx, uploadId, toJson({ published: 0, unchanged: items.length }));
        if (published) {
          await insertAuditEntry(trx, {
            employerId,
            actorUserId: admin.userId,
            action: 'upload',
            records: [...new Set(items.map((i) => i.employeeId))],
            detail: `${published} document${published === 1 ? '' : 's'} published (${[...new Set(items.map((i) => `${i.type} ${i.taxYear}`))].join(', ')})`,
            address: admin.address,
          });
        }
        return answer;
      })
      .catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 409) throw notPublishable(error.message);
        throw error;
      });
    return answer ?? this.repeat(uploadId);
  }

  private async repeat(uploadId: string): Promise<DocumentsPublished> {
    const result = await uploadResult(this.db, uploadId);
    if (!result) throw uploadNotFound();
    return fromJson<DocumentsPublished>(result);
  }
}

// Which drawn PDF (pdf/cache.ts) a payslip download gets, remembered per employment, payslip and language with
// the version of that employment's payslip list (migration 011), so a repeated download needs no
// query beyond the session+owner one (auth/ownership.ts) and no hash of the drawing job.
//
// A payslip's PDF shows its own row and four of its employment's fields. The version read with the
// ownership checks rises on any insert, update or delete of the employment's payslips (a payslip
// moved away raises both employments'), so while it is unchanged the payslip is still this
// employment's and its row is the one drawn; the four fields are compared as they are now. Entries
// are only read after the route's checks, under the employment id those checks found.
//
// Memory: an entry is its key, the render key (~60 characters) and the four fields, ~400 bytes;
// least recently used go first past `maxEntries` (10,000: ~4 MB).
import { BoundedMap } from '../../cache/bounded-map';
import type { OwnedEmployment } from '../../employments/owned-employment';
import type { Language } from '../../languages/language';

type Drawn = Pick<OwnedEmployment, 'payslipsVersion' | 'employerName' | 'employeeName' | 'niNumber' | 'taxCode'> & { renderKey: string; filename: string };

export class PayslipPdfKeys {
  private readonly entries: BoundedMap<string, Drawn>;

  constructor(maxEntries = 10_000) {
    this.entries = new BoundedMap({ maxEntries });
  }

  /** The render key and file name last used for this payslip of this employment in this language, while both still hold. */
  get(employment: OwnedEmployment, fileId: string, language: Language): { renderKey: string; filename: string } | undefined {
    const key = `${employment.id}/${fileId}/${language}`;
    const drawn = this.entries.peek(key);
    if (
      !drawn ||
      drawn.payslipsVersion !== employment.payslipsVersion ||
      drawn.employerName !== employment.employerName ||
      drawn.employeeName !== employment.employeeName ||
      drawn.niNumber !== employment.niNumber ||
      drawn.taxCode !== employment.taxCode
    )
      return undefined;
    this.entries.get(key); // now the most recently used
    return drawn;
  }

  set(employment: OwnedEmployment, fileId: string, language: Language, renderKey: string, filename: string): void {
    const key = `${employment.id}/${fileId}/${language}`;
    const { payslipsVersion, employerName, employeeName, niNumber, taxCode } = employment;
    this.entries.set(key, { payslipsVersion, employerName, employeeName, niNumber, taxCode, renderKey, filename });
  }

  get size(): number {
    return this.entries.size;
  }
}

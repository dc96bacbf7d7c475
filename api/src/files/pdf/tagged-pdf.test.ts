// Every kind of PDF the portal draws is a tagged PDF/UA-1 document: read back with pdf-lib, each
// has a structure tree in reading order (a heading before its table, label/value rows a Table of
// TR with TH and TD), only embedded fonts, its text extractable, the PDF/UA identifier in its XMP
// metadata, its language and title set and shown as the window's title.
import { PDFArray, PDFBool, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFString, decodePDFRawStream } from 'pdf-lib';
import type { PDFObject } from 'pdf-lib';
import { pdfText } from '../../test/pdf-text';
import { p45ForPdf, p60ForPdf } from '../statutory-documents';
import type { DocumentForPdf } from './document-pdf';
import type { PayslipForPdf } from './payslip-pdf';
import { renderPdf } from './render';
import type { PdfJob } from './render';

const payslip: PayslipForPdf = {
  employerName: 'Marks & Sons <Dundee> Ltd',
  employeeName: 'Alex Example',
  niNumber: 'QQ123456C',
  taxCode: '1257L',
  payDate: '2026-10-30',
  grossPence: 320000,
  totalDeductionsPence: 64609,
  netPence: 255391,
  deductions: [
    { name: 'Income Tax', amount: 50609 },
    { name: 'National Insurance', amount: 14000 },
  ],
  other: [{ name: 'Employer pension', amount: 9600 }],
  taxPeriod: 7,
  earnings: [{ kind: 'basic', name: 'Salary', amount: 320000 }],
  yearToDate: { grossPence: 2240000, taxablePence: 2100000, incomeTaxPence: 354263, nationalInsurancePence: 98000 },
};

const base: DocumentForPdf = {
  organisation: 'Marks & Sons <Dundee> Ltd',
  title: 'P60 End of Year Certificate 2025/26',
  issuedOn: '2026-05-20',
  rows: [
    { label: 'Employee', value: 'Alex Example' },
    { label: 'Employer', value: 'Marks & Sons <Dundee> Ltd' },
    { label: 'National Insurance number', value: 'QQ123456C' },
    { label: 'Pay in this employment', value: '£38,400.00' },
    { label: 'Tax deducted', value: '£6,073.20' },
  ],
  paragraphs: ['Keep this certificate safe.'],
};
const ids = { employerAddress: '1 High Street\nDundee', payeReference: '123/AB456', payrollNumber: 'P0042', studentLoanPlan: null };

const KINDS: [string, PdfJob][] = [
  ['payslip', { kind: 'payslip', payslip }],
  ['P60', { kind: 'document', document: p60ForPdf(base, ids, null) }],
  ['P45', { kind: 'document', document: p45ForPdf({ ...base, title: 'P45 Details of employee leaving work' }, ids) }],
  ['P11D', { kind: 'document', document: { ...base, title: 'P11D Expenses and benefits 2025/26', rows: [{ label: 'Car benefit', value: '£4,200.00' }] } }],
  [
    'pension letter',
    {
      kind: 'document',
      document: {
        ...base,
        title: 'Pension enrolment letter',
        rows: [{ label: 'Your contribution', value: '£128.00 a month' }],
        paragraphs: ['You have been enrolled.', 'You can opt out.'],
      },
    },
  ],
  [
    'proof-of-income pack',
    {
      kind: 'proof-of-income',
      pack: {
        employeeName: 'Alex Example',
        employerName: 'Marks & Sons <Dundee> Ltd',
        coverRows: [{ label: 'Name', value: 'Alex Example' }],
        summary: [{ label: 'Net pay', value: '£2,553.91' }],
        coverNotes: ['Each page shows its number.'],
        parts: [
          { label: 'Payslip 30 October 2026', kind: 'payslip', payslip },
          { label: 'P60 2025/26', kind: 'document', document: p60ForPdf(base, ids, null) },
        ],
        check: { code: 'ABCD-EFGH-JKLM-NPQR', address: 'https://pay.example.co.uk/verify' },
      },
    },
  ],
];

type Node = { type: string; children: Node[]; marked: number };

function resolve(doc: PDFDocument, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? doc.context.lookup(value) : value;
}

/** The structure tree from StructTreeRoot down: each element's type, its child elements and how many marked-content pieces it holds. */
function structureTree(doc: PDFDocument): Node {
  const visit = (dict: PDFDict, type: string): Node => {
    const node: Node = { type, children: [], marked: 0 };
    const k = resolve(doc, dict.get(PDFName.of('K')));
    const kids = k instanceof PDFArray ? k.asArray() : k ? [k] : [];
    for (const kid of kids) {
      const child = resolve(doc, kid);
      if (child instanceof PDFNumber) node.marked += 1;
      else if (child instanceof PDFDict && child.get(PDFName.of('Type'))?.toString() === '/MCR') node.marked += 1;
      else if (child instanceof PDFDict) node.children.push(visit(child, child.get(PDFName.of('S'))!.toString().slice(1)));
    }
    return node;
  };
  const root = doc.catalog.lookup(PDFName.of('StructTreeRoot'));
  if (!(root instanceof PDFDict)) throw new Error('no structure tree');
  return visit(root, 'StructTreeRoot');
}

/** Every element type in reading order (depth first). */
const readingOrder = (node: Node): string[] => [node.type, ...node.children.flatMap(readingOrder)];

function all(node: Node): Node[] {
  return [node, ...node.children.flatMap(all)];
}

/** Each font dictionary in the file, and whether its glyphs are embedded. */
function fonts(doc: PDFDocument): { name: string; embedded: boolean }[] {
  const found: { name: string; embedded: boolean }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type'))?.toString() !== '/Font') continue;
    const subtype = object.get(PDFName.of('Subtype'))?.toString();
    if (subtype === '/Type0') continue; // its descendant CIDFont is checked itself
    const descriptor = resolve(doc, object.get(PDFName.of('FontDescriptor')));
    const embedded = descriptor instanceof PDFDict && ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.has(PDFName.of(key)));
    found.push({ name: object.get(PDFName.of('BaseFont'))?.toString() ?? '?', embedded });
  }
  return found;
}

function xmp(doc: PDFDocument): string {
  const stream = resolve(doc, doc.catalog.get(PDFName.of('Metadata')));
  if (!(stream instanceof PDFRawStream)) return '';
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8');
}

describe.each(KINDS)('the %s PDF is tagged PDF/UA-1', (_kind, job) => {
  let bytes: Buffer;
  let doc: PDFDocument;
  beforeAll(async () => {
    bytes = await renderPdf(job);
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  });

  it('has a structure tree whose content is all marked, in reading order', () => {
    expect(doc.catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))).toBe(PDFBool.True);
    const tree = structureTree(doc);
    const order = readingOrder(tree);
    expect(order.slice(0, 2)).toEqual(['StructTreeRoot', 'Document']);
    // The organisation, then the document's title as the first heading.
    expect(order.filter((type) => /^H\d$/.test(type))[0]).toBe('H1');
    // Every leaf element carries marked content: nothing drawn is outside the tree unless an artifact.
    for (const node of all(tree)) if (!node.children.length && node.type !== 'StructTreeRoot') expect([node.type, node.marked > 0]).toEqual([node.type, true]);
    // A section's heading comes before its content; label/value rows are tables of TR with TH then TD.
    const tables = all(tree).filter((node) => node.type === 'Table');
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      expect(table.children.length).toBeGreaterThan(0);
      for (const tr of table.children) expect(tr.children.map((cell) => cell.type)).toEqual(['TH', 'TD']);
      for (const tr of table.children) expect(tr.type).toBe('TR');
    }
    order.forEach((type, index) => {
      if (type === 'H2') expect(['Table', 'P']).toContain(order[index + 1]);
    });
  });

  it('embeds every font it uses', () => {
    const used = fonts(doc);
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((font) => !font.embedded)).toEqual([]);
  });

  it('names PDF/UA-1, its title and its language, and shows the title', () => {
    const metadata = xmp(doc);
    expect(metadata).toMatch(/<pdfuaid:part>1<\/pdfuaid:part>/);
    expect(metadata).toMatch(/<dc:title>\s*<rdf:Alt>\s*<rdf:li xml:lang="x-default">\S/);
    // The employer's name, the author, is escaped: the metadata stays well-formed XML.
    expect(metadata).toContain('Marks &amp; Sons &lt;Dundee&gt; Ltd');
    expect(metadata).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)|<Dundee/);
    expect(doc.getTitle()).toBeTruthy();
    expect(doc.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('en-GB');
    const preferences = doc.catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict);
    expect(preferences.get(PDFName.of('DisplayDocTitle'))).toBe(PDFBool.True);
  });

  it('keeps its text extractable, £ signs included', () => {
    const text = pdfText(bytes);
    expect(text).toContain('MARKS & SONS <DUNDEE> LTD');
    expect(text).toMatch(/£\d/);
  });
});

it("a proof-of-income pack reads its cover's contents before the parts, each part a section of its own", async () => {
  const doc = await PDFDocument.load(await renderPdf(KINDS[5]![1]), { updateMetadata: false });
  const documentNode = structureTree(doc).children[0]!;
  const headings = all(documentNode).filter((node) => /^H\d$/.test(node.type));
  expect(headings[0]!.type).toBe('H1');
  const sections = documentNode.children.filter((node) => node.type === 'Sect');
  // The contents kept on the cover, then the payslip and the P60.
  expect(sections).toHaveLength(3);
  expect(readingOrder(sections[0]!)).toEqual(expect.arrayContaining(['H2', 'Table', 'P']));
  expect(sections.slice(1).map((section) => section.children[1]?.type)).toEqual(['H1', 'H1']);
});

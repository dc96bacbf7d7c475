// A small strict CSV reader (RFC 4180, as spreadsheets and payroll exports write it): fields
// separated by commas, rows by LF, CRLF or a lone CR, a field in double quotes may hold commas, line breaks
// and doubled quotes (""). Anything else odd is refused with its row rather than guessed at, so
// a malformed export never becomes a wrong payslip. Rows are numbered as a spreadsheet shows them
// (the header is row 1).

export class CsvError extends Error {}

export type CsvRow = { row: number; cells: Record<string, string> };

/** Every row as a record of its cells by column name; the first row names the columns. */
export function parseCsv(text: string): { columns: string[]; rows: CsvRow[] } {
  const records = splitRecords(text.replace(/^\uFEFF/, ''));
  const header = records.shift();
  if (!header || header.fields.every((field) => field === '')) throw new CsvError('the file is empty: its first row must name the columns');
  const columns = header.fields.map((name) => name.trim());
  columns.forEach((name, i) => {
    if (!name) throw new CsvError(`row 1, column ${i + 1} has no name`);
    if (columns.indexOf(name) !== i) throw new CsvError(`row 1 names the column '${name}' twice`);
  });
  const rows = records
    .filter((record) => !(record.fields.length === 1 && record.fields[0] === ''))
    .map(({ row, fields }) => {
      if (fields.length !== columns.length) throw new CsvError(`row ${row} has ${fields.length} fields; the header has ${columns.length}`);
      return { row, cells: Object.fromEntries(columns.map((name, i) => [name, fields[i]!])) };
    });
  return { columns, rows };
}

/** The text cut into records of fields, each with the row it starts on. */
function splitRecords(text: string): { row: number; fields: string[] }[] {
  const records: { row: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let atFieldStart = true;
  let row = 1;
  let startRow = 1;
  const endField = () => {
    fields.push(field);
    field = '';
    atFieldStart = true;
  };
  const endRecord = () => {
    endField();
    records.push({ row: startRow, fields });
    fields = [];
    startRow = ++row;
  };
  // LF, CRLF, or a lone CR (old Mac exports).
  const lineBreakAt = (i: number) => (text[i] === '\n' ? 1 : text[i] === '\r' ? (text[i + 1] === '\n' ? 2 : 1) : 0);

  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && atFieldStart) {
      // A quoted field: up to the closing quote, "" standing for one quote.
      const openedOn = row;
      i++;
      for (;;) {
        if (i >= text.length) throw new CsvError(`row ${openedOn}: a quoted field is never closed`);
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else {
          if (lineBreakAt(i) && text[i - 1] !== '\r') row++;
          field += text[i++];
        }
      }
      atFieldStart = false;
      if (i < text.length && text[i] !== ',' && !lineBreakAt(i))
        throw new CsvError(`row ${row}: text after a closing quote (write "" for a quote inside a quoted field)`);
      continue;
    }
    const lineBreak = lineBreakAt(i);
    if (c === ',') endField();
    else if (lineBreak) endRecord();
    else if (c === '"') throw new CsvError(`row ${row}: a quote inside an unquoted field (put the field in quotes and write "" for the quote)`);
    else {
      field += c;
      atFieldStart = false;
    }
    i += lineBreak || 1;
  }
  if (!atFieldStart || field !== '' || fields.length) endRecord();
  return records;
}

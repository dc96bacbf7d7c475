import { CsvError, parseCsv } from './parse-csv';

const cellsOf = (text: string) => parseCsv(text).rows.map((r) => [r.row, r.cells]);

describe('parseCsv', () => {
  it('names each cell by its column and numbers rows as a spreadsheet does (header is row 1)', () => {
    expect(cellsOf('a,b\n1,2\r\n3,\n')).toEqual([
      [2, { a: '1', b: '2' }],
      [3, { a: '3', b: '' }],
    ]);
    expect(parseCsv('\uFEFFa , b\n1,2').columns).toEqual(['a', 'b']);
  });

  it('takes lone carriage returns as line breaks (old Mac exports), counting rows past them in quoted fields too', () => {
    expect(cellsOf('a,b\r1,2\r3,"x\ry"\r4,5\r')).toEqual([
      [2, { a: '1', b: '2' }],
      [3, { a: '3', b: 'x\ry' }],
      [5, { a: '4', b: '5' }],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, counting rows past them', () => {
    expect(cellsOf('name,note\n"Lee, Jordan","said ""hi""\nthen left"\n"",x\n')).toEqual([
      [2, { name: 'Lee, Jordan', note: 'said "hi"\nthen left' }],
      [4, { name: '', note: 'x' }],
    ]);
  });

  it('skips blank lines but refuses a row with too few or too many fields, naming the row', () => {
    expect(cellsOf('a,b\n1,2\n\n')).toHaveLength(1);
    expect(() => parseCsv('a,b\n1,2\n3\n')).toThrow(new CsvError('row 3 has 1 fields; the header has 2'));
    expect(() => parseCsv('a,b\n1,2,3\n')).toThrow('row 2 has 3 fields; the header has 2');
  });

  it('refuses stray quotes and an unclosed quote, naming the row', () => {
    expect(() => parseCsv('a,b\n1,2"x\n')).toThrow(/^row 2: a quote inside an unquoted field/);
    expect(() => parseCsv('a,b\n1,"2"x\n')).toThrow(/^row 2: text after a closing quote/);
    expect(() => parseCsv('a,b\n1,2\n3,"open\n')).toThrow('row 3: a quoted field is never closed');
  });

  it('refuses an empty file, an unnamed column and a column named twice', () => {
    expect(() => parseCsv('')).toThrow(/the file is empty/);
    expect(() => parseCsv('a,,c\n')).toThrow('row 1, column 2 has no name');
    expect(() => parseCsv('a,b,a\n')).toThrow("row 1 names the column 'a' twice");
  });
});

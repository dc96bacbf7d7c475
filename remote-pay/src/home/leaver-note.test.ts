import { leaverNote } from './leaver-note';

const northwind = { ID: 'e1', name: 'Northwind Logistics Ltd', active: false, endDate: '2026-03-31', retainedUntil: '2032-03-31' };

describe('leaverNote', () => {
  it('says when the person left and until when the payslips stay, as dates are written here', () => {
    expect(leaverNote(northwind)).toBe('You left Northwind Logistics Ltd on 31 March 2026. Your payslips stay here until 31 March 2032.');
  });

  it('says nothing of an employment that has not ended, has no retention date, or is not known', () => {
    expect(leaverNote({ ...northwind, active: true, endDate: null, retainedUntil: undefined })).toBeNull();
    expect(leaverNote({ ...northwind, retainedUntil: undefined })).toBeNull();
    expect(leaverNote(undefined)).toBeNull();
  });
});

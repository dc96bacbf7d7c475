import { payDocumentListFor } from './pay-document-lists';

describe('payDocumentListFor', () => {
  it.each([
    ['/P60', 'P60', 'P60s', 'Error viewing P60', 'You have no P60s yet.'],
    ['/P11d', 'P11D', 'P11Ds', 'Error viewing P11D', 'You have no P11Ds yet.'],
    ['/P11D', 'P11D', 'P11Ds', 'Error viewing P11D', 'You have no P11Ds yet.'],
    ['/p45/', 'P45', 'P45s', 'Error viewing P45', 'You have no P45s yet.'],
    ['/pension-letters', 'Pension Letter', 'Pension Letters', 'Error viewing Pension Letter', 'You have no pension letters yet.'],
  ])('%s lists fileType %s', (pathname, fileType, heading, errorText, emptyText) => {
    expect(payDocumentListFor(pathname)).toMatchObject({ fileType, heading, errorText, emptyText });
  });

  it('knows no other path', () => {
    expect(payDocumentListFor('/documents')).toBeUndefined();
    expect(payDocumentListFor('/P61')).toBeUndefined();
  });
});

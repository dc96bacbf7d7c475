import { saveBlob } from './files';

describe('saveBlob', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('clicks a temporary download link and revokes the object URL afterwards', () => {
    const create = jest.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file-1');
    const revoke = jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });

    const blob = new Blob(['%PDF'], { type: 'application/pdf' });
    saveBlob(blob, 'Payslip.pdf');

    expect(create).toHaveBeenCalledWith(blob);
    expect(click).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual([{ href: 'blob:file-1', download: 'Payslip.pdf', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:file-1');
  });
});

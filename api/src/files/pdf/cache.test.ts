// The cache of drawn PDFs: drawn once per key, shared while drawing, failures not kept, bounded.
import { RenderedPdfCache } from './cache';
import type { PdfJob } from './render';

const job = (title: string): PdfJob => ({
  kind: 'document',
  document: { organisation: 'Northwind Logistics Ltd', title, issuedOn: '2026-05-29', rows: [], paragraphs: [] },
});

/** A render function that counts its calls and answers `bytes` bytes. */
function drawer(bytes = 10) {
  const drawer = { calls: 0, draw: async () => (drawer.calls++, Buffer.alloc(bytes, drawer.calls)) };
  return drawer;
}

it('draws a file once, and every later or parallel download gets the same bytes', async () => {
  const cache = new RenderedPdfCache();
  const d = drawer();
  const key = RenderedPdfCache.key('ps_1', job('P60'));
  const parallel = await Promise.all(Array.from({ length: 20 }, () => cache.get(key, d.draw)));
  const later = await cache.get(key, d.draw);
  expect(d.calls).toBe(1);
  for (const pdf of [...parallel, later]) expect(pdf).toBe(parallel[0]);
});

it('keys by file and by exactly what is drawn', () => {
  const p60 = RenderedPdfCache.key('doc_1', job('P60'));
  expect(RenderedPdfCache.key('doc_1', job('P60'))).toBe(p60);
  expect(RenderedPdfCache.key('doc_1', job('P60 (corrected)'))).not.toBe(p60);
  expect(RenderedPdfCache.key('doc_2', job('P60'))).not.toBe(p60);
});

it('does not keep a failed drawing', async () => {
  const cache = new RenderedPdfCache();
  await expect(cache.get('k', () => Promise.reject(new Error('pdfkit failed')))).rejects.toThrow('pdfkit failed');
  const d = drawer();
  await cache.get('k', d.draw);
  expect(d.calls).toBe(1);
  expect(cache.size).toEqual({ entries: 1, bytes: 10 });
});

it('drops the least recently used files beyond its size', async () => {
  const cache = new RenderedPdfCache(30);
  const d = drawer(10);
  for (const key of ['a', 'b', 'c']) await cache.get(key, d.draw);
  await cache.get('a', d.draw); // a is now the most recently used
  await cache.get('d', d.draw); // 40 bytes: b goes
  expect(cache.size).toEqual({ entries: 3, bytes: 30 });
  const calls = d.calls;
  await cache.get('a', d.draw);
  await cache.get('c', d.draw);
  expect(d.calls).toBe(calls);
  await cache.get('b', d.draw);
  expect(d.calls).toBe(calls + 1);
});

import { retryFailedLoads, retryFailedLoadsIn } from './retry-failed-shares';

type Entry = { get?: () => unknown; loading?: unknown; loaded?: boolean };

it("a failed get clears the entry's loading, so the runtime calls get again; a success leaves it", async () => {
  const chunkDown = new Error('Loading chunk portal-shared-pages failed.');
  const get = jest
    .fn()
    .mockRejectedValueOnce(chunkDown)
    .mockResolvedValueOnce(() => ({ ok: true }));
  const entry: Entry = { get };
  retryFailedLoads(entry);
  // What the runtime does: keeps the load's promise on the entry, then awaits it.
  entry.loading = entry.get!();
  await expect(entry.loading).rejects.toBe(chunkDown);
  expect(entry.loading).toBeNull();

  entry.loading = entry.get!();
  const factory = await entry.loading;
  entry.loaded = true;
  expect(factory).toEqual(expect.any(Function));
  expect(entry.loading).toBeInstanceOf(Promise);
  expect(get).toHaveBeenCalledTimes(2);
});

it('wraps each entry of every scope once, and leaves entries without a get alone', async () => {
  const get = jest.fn().mockRejectedValue(new Error('down'));
  const entry: Entry = { get };
  const eager: Entry = { loaded: true };
  const map = { default: { '@portal/shared/pay-insights': { '1.2.0': entry }, react: { '19.3.1': eager } } };
  retryFailedLoadsIn(map);
  retryFailedLoadsIn(map);
  entry.loading = 'the failed load';
  await expect(entry.get!()).rejects.toThrow('down');
  expect(get).toHaveBeenCalledTimes(1);
  expect(entry.loading).toBeNull();
  expect(eager).toEqual({ loaded: true });
});

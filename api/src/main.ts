// Starts the API alone: `pnpm --filter api start` (port 4000 unless PORT is set).
import { loadConfig } from './config';
import { buildApp } from './app';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: config.databaseUrl ? 'postgresql' : config.sqlitePath, outbox: config.devOutbox ? `http://localhost:${config.port}/dev/outbox` : 'off' },
    'pay portal API ready',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

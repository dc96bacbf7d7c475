// The bare route of the API benches: a Fastify server with nothing but routes that answer bytes
// held in memory (the same bytes and content type as the API's answer), so the API's figures can
// be read against what Fastify alone does on this machine in the same run. Runs as a process of
// its own, as the API does. startBareServer() starts it; as a script it reads the routes from the
// JSON file named on its command line and prints its port.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import Fastify from 'fastify';

export type BareRoute = { path: string; contentType: string; body: Buffer };
type BareRouteFile = { path: string; contentType: string; bodyBase64: string }[];

export async function startBareServer(routes: BareRoute[]): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bare-'));
  const file = path.join(dir, 'routes.json');
  const listed: BareRouteFile = routes.map((route) => ({ path: route.path, contentType: route.contentType, bodyBase64: route.body.toString('base64') }));
  fs.writeFileSync(file, JSON.stringify(listed));
  const child = spawn(process.execPath, ['--import', 'tsx', __filename, file], { cwd: path.resolve(__dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return {
    base: `http://127.0.0.1:${port.trim()}`,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function serve(file: string): Promise<void> {
  const routes = JSON.parse(fs.readFileSync(file, 'utf8')) as BareRouteFile;
  const app = Fastify({ logger: false });
  for (const route of routes) {
    const body = Buffer.from(route.bodyBase64, 'base64');
    app.get(route.path, async (_request, reply) => reply.type(route.contentType).send(body));
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(typeof address === 'object' && address ? address.port : '');
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

if (process.argv[1] === __filename) {
  serve(process.argv[2]!).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

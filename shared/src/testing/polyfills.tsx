// Browser APIs that jsdom (Jest) lacks but react-router 7 and the portal use: TextEncoder/TextDecoder
// and the Fetch API classes (react-router builds a Request for every navigation). They are taken
// from Node itself. Imported first by the render helper; better still, load it before anything else
// as a Jest setup file:
//   setupFiles: [require.resolve('@portal/shared/testing/polyfills')]
import { TextDecoder, TextEncoder } from 'node:util';
import { runInThisContext } from 'node:vm';

const sandbox = globalThis as Record<string, unknown>;

if (typeof sandbox.TextEncoder === 'undefined') sandbox.TextEncoder = TextEncoder;
if (typeof sandbox.TextDecoder === 'undefined') sandbox.TextDecoder = TextDecoder;

// Node's own global object (outside Jest's sandbox), which has the Fetch API.
let nodeGlobal: Record<string, unknown> | null = null;
try {
  nodeGlobal = runInThisContext('globalThis') as Record<string, unknown>;
} catch {
  nodeGlobal = null;
}

for (const name of ['Request', 'Response', 'Headers', 'FormData', 'ReadableStream', 'structuredClone']) {
  if (typeof sandbox[name] === 'undefined' && nodeGlobal && typeof nodeGlobal[name] !== 'undefined') {
    sandbox[name] = nodeGlobal[name];
  }
}

export {};

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

type SignalLike = { aborted: boolean; reason?: unknown; addEventListener(type: 'abort', listener: () => void): void };

/**
 * Node's Request, taking jsdom's AbortSignal: since Node 24 a Request refuses any signal that is not
 * Node's own, and react-router passes the jsdom window's. The signal is bridged to a Node one.
 */
function requestTakingWindowSignals(NodeRequest: typeof Request, NodeAbortController: typeof AbortController): typeof Request {
  const bridge = (signal: SignalLike): AbortSignal => {
    const controller = new NodeAbortController();
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason));
    return controller.signal;
  };
  return class WindowRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      const signal = init?.signal as SignalLike | null | undefined;
      super(input, signal ? { ...init, signal: bridge(signal) } : init);
    }
  };
}

if (typeof sandbox.Request === 'undefined' && nodeGlobal?.Request && nodeGlobal.AbortController) {
  sandbox.Request = requestTakingWindowSignals(nodeGlobal.Request as typeof Request, nodeGlobal.AbortController as typeof AbortController);
}

for (const name of ['Response', 'Headers', 'FormData', 'ReadableStream', 'structuredClone']) {
  if (typeof sandbox[name] === 'undefined' && nodeGlobal && typeof nodeGlobal[name] !== 'undefined') {
    sandbox[name] = nodeGlobal[name];
  }
}

export {};

// One fuzzed request per draw: a route of the document, its path parameters, query and body (each
// following the schema or breaking it), who sends it (Alex, Sam or nobody), what it accepts, and
// whether it goes straight to the API or through the host's proxy.
import fc from 'fast-check';
import type { JsonSchema, Operation, Parameter } from './openapi.ts';
import { brokenValue, validValue } from './schema-values.ts';
import type { Samples } from './schema-values.ts';
import { escapeComponent, longText, nastyText, numberLikeText, RAW_URL_PIECES } from './strings.ts';

export type Body =
  /** JSON.stringify of a value (lone surrogates become `\ud800` escapes, as JSON allows). */
  | { kind: 'json'; value: unknown }
  /** A form: `key=value&…`, each escaped (or a raw broken escape). */
  | { kind: 'form'; pairs: [string, string][] }
  /** Text sent as UTF-8: malformed JSON and the like. */
  | { kind: 'text'; text: string }
  /** Raw bytes, e.g. invalid UTF-8. */
  | { kind: 'bytes'; hex: string }
  /** A body of many megabytes, made when sent. */
  | { kind: 'huge'; megabytes: number; fill: 'json' | 'form' | 'zeros' };

export type FuzzRequest = {
  /** The route of the document it was drawn from. */
  route: string;
  via: 'direct' | 'proxy';
  as: 'alex' | 'sam' | 'signed-out';
  method: string;
  /** Path and query exactly as sent (already escaped). */
  path: string;
  accept: string | null;
  contentType: string | null;
  /** 'self': the target's own origin, as the portal's pages send; 'foreign': another site. */
  origin: 'self' | 'foreign' | 'null' | 'none';
  body: Body | null;
};

type Context = { samples: Samples };

/** One of several arbitraries by weight; shrinking may also move to the first (the plainest) one. */
const weighted = <T>(...choices: [number, fc.Arbitrary<T>][]) =>
  fc.oneof({ withCrossShrink: true }, ...choices.map(([weight, arbitrary]) => ({ weight, arbitrary })));

/** A path or query value as sent: escaped text that follows or breaks the schema, or raw URL pieces. */
function urlValue(param: Parameter, ctx: Context): fc.Arbitrary<string> {
  const schema: JsonSchema = param.schema ?? { type: 'string' };
  const sample = ctx.samples[param.name];
  const escaped = (arb: fc.Arbitrary<unknown>) => arb.map((v) => escapeComponent(String(v)));
  return weighted<string>(
    [sample ? 6 : 0, escaped(sample ?? fc.constant(''))],
    [4, escaped(validValue(schema))],
    [3, escaped(nastyText())],
    [2, escaped(longText())],
    [1, escaped(numberLikeText())],
    [1, fc.constant('')],
    [2, fc.constantFrom(...RAW_URL_PIECES)],
    [2, fc.tuple(sample ?? validValue(schema).map(String), fc.constantFrom(...RAW_URL_PIECES)).map(([v, piece]) => `${escapeComponent(v)}${piece}`)],
  );
}

/** Changes to a path as a whole: dot segments, doubled and encoded slashes, a trailing slash. */
const pathMutation = weighted<(path: string) => string>(
  [30, fc.constant((p) => p)],
  [1, fc.constant((p) => `${p}/`)],
  [1, fc.constant((p) => p.replace(/^(\/[^/]+)/, '$1/..$1'))],
  [1, fc.constant((p) => p.replace(/^(\/[^/]+)\//, '$1//'))],
  [1, fc.constant((p) => p.replace(/^(\/[^/]+)\//, '$1%2F'))],
  [1, fc.constant((p) => `${p}/..`)],
  [1, fc.constant((p) => p.replace(/^(\/[^/]+)\//, '$1/%2e%2e$1/'))],
);

function pathArbitrary(op: Operation, ctx: Context): fc.Arbitrary<string> {
  const values = fc.tuple(...op.pathParams.map((p) => urlValue(p, ctx)));
  return fc.tuple(values, pathMutation).map(([vs, mutate]) => {
    const filled = op.pathParams.reduce((path, p, i) => path.replace(`{${p.name}}`, vs[i]!), op.path);
    return mutate(filled);
  });
}

function queryArbitrary(op: Operation, ctx: Context): fc.Arbitrary<string> {
  const declared = op.queryParams.map((p) =>
    fc.option(
      urlValue(p, ctx).map((v) => `${p.name}=${v}`),
      { freq: p.required ? 12 : 2, nil: null },
    ),
  );
  const extras = weighted<string[]>(
    [12, fc.constant([])],
    [1, fc.tuple(nastyText(8), nastyText()).map(([k, v]) => [`${escapeComponent(k)}=${escapeComponent(v)}`])],
    [1, fc.constantFrom(...op.queryParams.map((p) => p.name), 'x').map((name) => [`${name}=a`, `${name}=b`])],
    [1, fc.constantFrom('__proto__[admin]=1', 'constructor[prototype][admin]=1', '%E0%A4%A=1', 'a=%E0%A4%A', 'a=%', '&&&', '=', 'a[]=1&a[]=2').map((q) => [q])],
  );
  return fc.tuple(fc.tuple(...declared), extras).map(([pairs, more]) => {
    const all = [...pairs.filter((p): p is string => p !== null), ...more];
    return all.length ? `?${all.join('&')}` : '';
  });
}

const formPairs = (value: unknown): [string, string][] =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
        Array.isArray(v) ? v.map((item) => [k, String(item)] as [string, string]) : [[k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]],
      )
    : [['value', JSON.stringify(value) ?? '']];

/** Malformed JSON texts: truncated, trailing commas, raw control characters, NaN, a BOM, deep nesting. */
const malformedJson = weighted<string>(
  [
    4,
    fc.constantFrom(
      '{',
      '{"user":',
      '{"user":{"firstName":',
      '[',
      ']',
      '}',
      'nul',
      'tru',
      '{"a":1,}',
      "{'a':1}",
      '{"a":NaN}',
      '{"a":1e999999}',
      '\ufeff{}',
      '{"a":"\u0000"}',
      '{"a":"\ud800"}',
      '"\\ud800"',
      '{"a":"\\u0000"}',
      '{"a":1}{"b":2}',
      '',
      ' ',
      'null',
      '0',
      '""',
    ),
  ],
  [1, fc.integer({ min: 50, max: 12_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)],
  [1, fc.integer({ min: 50, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`)],
  [1, fc.string({ unit: 'binary', maxLength: 60 })],
);

const CONTENT_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;',
  'application/x-www-form-urlencoded; charset=iso-8859-1',
  'application/octet-stream',
  '*/*',
  '',
];

type Payload = { contentType: string | null; body: Body | null };

function bodyArbitrary(op: Operation, ctx: Context): fc.Arbitrary<Payload> {
  const declared = op.body;
  const asDeclared = (arb: fc.Arbitrary<unknown>): fc.Arbitrary<Body> =>
    declared?.contentType === 'application/x-www-form-urlencoded'
      ? arb.map((v) => ({ kind: 'form', pairs: formPairs(v) }))
      : arb.map((value) => ({ kind: 'json', value }));
  const anyBody = weighted<Body>(
    [3, malformedJson.map((text): Body => ({ kind: 'text', text }))],
    [1, fc.constantFrom('ff', 'c0af', 'eda080', 'fffe7b7d', '00', '7b2261223a22ff227d').map((hex): Body => ({ kind: 'bytes', hex }))],
    [
      1,
      fc.constant<Body>({
        kind: 'form',
        pairs: [
          ['email', '%E0%A4%A'],
          ['client_id', 'portal-web'],
        ],
      }),
    ],
  );
  const huge = fc.constantFrom<Body>(
    { kind: 'huge', megabytes: 10, fill: 'json' },
    { kind: 'huge', megabytes: 10, fill: 'form' },
    { kind: 'huge', megabytes: 10, fill: 'zeros' },
  );
  const ownType = declared?.contentType ?? 'application/json';
  const otherType = fc.constantFrom(...CONTENT_TYPES);
  const typeFor = weighted<string | null>([10, fc.constant(ownType)], [2, otherType], [1, fc.constant(null)]);
  if (declared) {
    const ordinary = weighted<Payload>(
      [8, fc.record({ contentType: fc.constant(ownType), body: asDeclared(validValue(declared.schema, ctx.samples)) })],
      [8, fc.record({ contentType: fc.constant(ownType), body: asDeclared(brokenValue(declared.schema, ctx.samples)) })],
      [3, fc.record({ contentType: typeFor, body: anyBody })],
      [2, fc.record({ contentType: typeFor, body: asDeclared(validValue(declared.schema, ctx.samples)) })],
      [1, fc.record({ contentType: typeFor, body: fc.constant(null) })],
    );
    // About 1 in 250: a 10 MB body costs a second or so through the proxy.
    return weighted<Payload>([249, ordinary], [1, fc.record({ contentType: typeFor, body: huge })]);
  }
  return weighted<Payload>(
    [4000, fc.constant({ contentType: null, body: null })],
    [300, fc.record({ contentType: typeFor, body: anyBody })],
    [300, fc.record({ contentType: fc.constant('application/json'), body: fc.constant<Body>({ kind: 'json', value: { a: 1 } }) })],
    [4, fc.record({ contentType: typeFor, body: huge })],
  );
}

const ACCEPTS = weighted<string | null>(
  [16, fc.constant('application/json')],
  [3, fc.constant('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')],
  [1, fc.constant('*/*')],
  [1, fc.constant(null)],
  [1, fc.constant('image/png')],
);

/** Requests for every operation of the document. */
export function requestArbitrary(operations: Operation[], samples: Samples): fc.Arbitrary<FuzzRequest> {
  const ctx = { samples };
  const perOperation = operations.map((op) =>
    fc
      .record({
        via: fc.constantFrom<FuzzRequest['via']>('direct', 'proxy'),
        as: weighted<FuzzRequest['as']>([7, fc.constant('alex')], [1, fc.constant('sam')], [2, fc.constant('signed-out')]),
        method: weighted<string>([24, fc.constant(op.method)], [1, fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')]),
        path: pathArbitrary(op, ctx),
        query: queryArbitrary(op, ctx),
        accept: ACCEPTS,
        origin: weighted<FuzzRequest['origin']>([12, fc.constant('self')], [1, fc.constant('foreign')], [1, fc.constant('null')], [2, fc.constant('none')]),
        payload: bodyArbitrary(op, ctx),
      })
      .map((r): FuzzRequest => ({
        route: op.key,
        via: r.via,
        as: r.as,
        method: r.method,
        path: `${r.path}${r.query}`,
        accept: r.accept,
        contentType: r.payload.contentType,
        origin: r.origin,
        body: r.payload.body,
      })),
  );
  return fc.oneof(...perOperation);
}

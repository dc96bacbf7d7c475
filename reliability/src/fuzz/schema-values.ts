// Values from a route's JSON Schema: ones that follow it (so requests get past validation and into
// the handlers, the database and the PDFs) and ones that break it in one place.
import fc from 'fast-check';
import type { JsonSchema } from './openapi.ts';
import { longText, nastyText, numberLikeText } from './strings.ts';

/** Realistic values by field or parameter name (demo ids, addresses, codes), to reach deeper code. */
export type Samples = Record<string, fc.Arbitrary<string>>;

function fitLength(value: string, min: number, max: number): string {
  if (value.length > max) return value.slice(0, max);
  if (value.length >= min) return value;
  return value.length === 0 ? value : value.repeat(Math.ceil(min / value.length)).slice(0, Math.max(min, value.length));
}

/** Characters slipped into schema-valid text where the pattern allows them: what databases, PDFs and pages choke on. */
const SLIPPED = ['\u0000', '\u0001', '\u001f', '\u007f', '\ud800', '\udfff', '\u2028', '\ufeff', '<', '"', "'", '%', '\\'];

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const plain = plainValidString(schema);
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  const fits = (s: string) => (!pattern || pattern.test(s)) && s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? 200);
  // Falls back to the plain string where the pattern does not admit the character (no filter: it could never pass).
  const slipped = fc.tuple(plain, fc.constantFrom(...SLIPPED), fc.nat()).map(([s, c, at]) => {
    const i = s.length ? at % (s.length + 1) : 0;
    const candidate = `${s.slice(0, i)}${c}${s.slice(i)}`;
    return fits(candidate) ? candidate : s;
  });
  return fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: plain }, { weight: 2, arbitrary: slipped });
}

/** Lookaheads such as (?!BG|GB) in a pattern: fast-check cannot generate from them, a filter can apply them. */
const LOOKAHEAD = /\(\?[=!][^()]*\)/g;

/** Strings matching `source`; a pattern with lookaheads is generated without them, and the caller's filter applies it whole. */
function matching(source: string): fc.Arbitrary<string> {
  return fc.stringMatching(new RegExp(source.replace(LOOKAHEAD, '')));
}

function plainValidString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  if (schema.format === 'date') {
    return fc.date({ min: new Date('1900-01-01'), max: new Date(), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return matching(schema.pattern)
      .map((s) => fitLength(s, min, max))
      .filter((s) => pattern.test(s) && s.length >= min && s.length <= max);
  }
  // Any text within the lengths: control characters and every plane of Unicode included.
  return fc.string({ unit: 'binary', minLength: min, maxLength: Math.min(max, 80) }).filter((s) => s.length <= max);
}

/** Values that follow the schema; named fields sometimes take a realistic sample instead. */
export function validValue(schema: JsonSchema, samples: Samples = {}, name?: string): fc.Arbitrary<unknown> {
  const own = ownValue(schema, samples);
  const sample = name ? samples[name] : undefined;
  const value = sample ? fc.oneof({ withCrossShrink: true }, { weight: 2, arbitrary: sample as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: own }) : own;
  return schema.nullable ? fc.option(value, { nil: null, freq: 6 }) : value;
}

function ownValue(schema: JsonSchema, samples: Samples): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validValue(s, samples)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'array':
      return fc.array(validValue(schema.items ?? {}, samples), { maxLength: 4 });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const record = fc.record(Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, validValue(s, samples, key)])), {
        requiredKeys: required,
      });
      const min = schema.minProperties ?? 0;
      return min > 0 && Object.keys(properties).length >= min ? record.filter((o) => Object.keys(o).length >= min) : record;
    }
    default:
      return validString(schema);
  }
}

/** Anything but what a field expects: hostile or very long text, numbers, booleans, null, arrays, objects. */
const strangeValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { withCrossShrink: true },
    { weight: 4, arbitrary: nastyText() },
    { weight: 2, arbitrary: longText() },
    { weight: 1, arbitrary: numberLikeText() },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constant(1e308)) },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}, [1, 'a'], { $gt: '' }, JSON.parse('{"__proto__":{"admin":true}}') as unknown) },
  );

type Path = (string | number)[];

function leafPaths(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value as Record<string, unknown>);
  const inner = entries.flatMap(([key, v]) => leafPaths(v, [...prefix, key]));
  return prefix.length ? [prefix, ...inner] : inner;
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) }) as Record<string | number, unknown>;
  const [head, ...rest] = path as [string | number, ...Path];
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

function removeAt(value: unknown, path: Path): unknown {
  if (path.length === 1) {
    const copy = { ...(value as Record<string, unknown>) };
    delete copy[String(path[0])];
    return copy;
  }
  const [head, ...rest] = path as [string | number, ...Path];
  return setAt(value, [head], removeAt((value as Record<string | number, unknown>)[head], rest));
}

/**
 * A value that breaks the schema in one place: a field replaced by something strange, a field
 * removed, an unknown field added (also `__proto__` and `constructor`), or the wrong type altogether.
 */
export function brokenValue(schema: JsonSchema, samples: Samples = {}): fc.Arbitrary<unknown> {
  const valid = validValue(schema, samples);
  const replaced = valid.chain((v) => {
    const paths = leafPaths(v);
    return paths.length ? fc.tuple(fc.constantFrom(...paths), strangeValue()).map(([path, strange]) => setAt(v, path, strange)) : strangeValue();
  });
  const removed = valid.chain((v) => {
    const paths = leafPaths(v).filter((p) => typeof p[p.length - 1] === 'string');
    return paths.length ? fc.constantFrom(...paths).map((path) => removeAt(v, path)) : fc.constant(v);
  });
  const extra = fc
    .tuple(valid, fc.oneof(fc.constantFrom('isAdmin', 'role', 'id', 'userId', '__proto__', 'constructor', ''), nastyText(8)), strangeValue())
    .map(([v, key, strange]) =>
      v !== null && typeof v === 'object' && !Array.isArray(v)
        ? JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(strange) ?? 'null'},${JSON.stringify(v).slice(1)}`.replace(/,}$/, '}'))
        : v,
    );
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 4, arbitrary: replaced },
    { weight: 1, arbitrary: removed },
    { weight: 2, arbitrary: extra },
    { weight: 1, arbitrary: strangeValue() },
  );
}

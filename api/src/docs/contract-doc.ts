// docs/api-contract.md, written from the OpenAPI document the API serves, whose answer schemas are
// @portal/shared/wire's (docs/architecture.md "Wire contract"). `pnpm --filter api contract` writes it;
// contract-doc.test.ts fails when the committed file is not what this renders.
import { ERROR_CODES } from '@portal/shared/wire/error-codes';
import * as Wire from '@portal/shared/wire';
import * as EmployerWire from '../employer-api/schemas';

type Schema = Record<string, unknown> & {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  $ref?: string;
  contentSchema?: Schema;
  description?: string;
  format?: string;
};
type Media = { schema?: Schema };
type Operation = {
  summary?: string;
  tags?: string[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** Keys sorted, so two schemas compare by content. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/** The wire's named types (`PayslipSchema` is `Payslip`), and the employer API's own, by their JSON: object and union schemas only (lists read as `X[]`). */
const NAMED = new Map<string, string>(
  [...Object.entries(Wire), ...Object.entries(EmployerWire)]
    .filter(
      ([name, value]) =>
        name.endsWith('Schema') && typeof value === 'object' && ((value as Schema).type === 'object' || Array.isArray((value as Schema).anyOf)),
    )
    .map(([name, value]) => [canonical(value), name.slice(0, -'Schema'.length)]),
);

class TypeWriter {
  /** Named types met so far, in order, with their schema. */
  readonly named = new Map<string, Schema>();

  type(schema: Schema | undefined): string {
    if (!schema) return 'unknown';
    const name = NAMED.get(canonical(schema));
    if (name) {
      if (!this.named.has(name)) {
        this.named.set(name, schema);
        for (const property of Object.values(schema.properties ?? {})) this.type(property);
      }
      return name;
    }
    if (schema.$ref) return schema.$ref.split('/').pop()!;
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    const members = schema.anyOf ?? schema.oneOf;
    if (members) return members.map((member) => this.type(member)).join(' | ');
    if (schema.type === 'array') {
      const item = this.type(schema.items);
      return item.includes(' ') && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
    }
    if (schema.type === 'object') {
      const envelopeData = this.envelopeData(schema);
      if (envelopeData) return `Envelope<${this.type(envelopeData)}>`;
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) return 'object';
      return `{ ${properties.map(([key, value]) => `${key}${schema.required?.includes(key) ? '' : '?'}: ${this.type(value)}`).join('; ')} }`;
    }
    if (schema.type === 'string' && schema.contentSchema) return `string (JSON text of ${this.type(schema.contentSchema)})`;
    if (schema.type === 'string' && schema.format === 'binary') return 'binary';
    return schema.type ?? 'unknown';
  }

  /** X when `schema` is `{ data: "<JSON text of { status: 200, error: null, data: X }>" }`. */
  private envelopeData(schema: Schema): Schema | undefined {
    const keys = Object.keys(schema.properties ?? {});
    const inner = schema.properties?.data?.contentSchema;
    if (keys.length !== 1 || !inner) return undefined;
    const innerKeys = Object.keys(inner.properties ?? {});
    return innerKeys.join() === 'status,error,data' && inner.properties!.status!.const === 200 ? inner.properties!.data : undefined;
  }
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string) => `\`${cell(text)}\``;

function answer(writer: TypeWriter, operation: Operation): string {
  const [status, response] = Object.entries(operation.responses).find(([s]) => Number(s) < 400) ?? [];
  if (!status || !response) return '';
  const content = response.content ?? {};
  const json = content['application/json']?.schema;
  if (json) return `${status} ${code(writer.type(json))}`;
  const [mediaType] = Object.keys(content);
  return cell(`${status} ${mediaType ? `${mediaType}: ` : ''}${response.description ?? ''}`.trim());
}

const errors = (operation: Operation) =>
  Object.keys(operation.responses)
    .filter((status) => Number(status) >= 400)
    .join(', ');

/** One row per field of a request body: path, type and the rule the API checks. */
function bodyFields(writer: TypeWriter, schema: Schema, prefix = ''): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => {
    const path = `${prefix}${key}${schema.required?.includes(key) ? '' : '?'}`;
    const plain = property.anyOf?.find((member) => member.type !== 'null') ?? property;
    if (plain.type === 'object' && Object.keys(plain.properties ?? {}).length) return bodyFields(writer, plain, `${path}.`);
    const rule = [property.description ?? plain.description, (property['x-message'] ?? plain['x-message']) as string | undefined].filter(Boolean).join('; ');
    return [`| ${code(path)} | ${code(writer.type(property))} | ${cell(rule)} |`];
  });
}

/** A lender's check of a proof-of-income pack: public, the page and the same check for a program. */
const PACK_CHECK_PATHS = ['/verify', '/api/verify-pack'];

const SECTIONS: { title: string; match: (path: string) => boolean }[] = [
  { title: 'Application API', match: (path) => path.startsWith('/api/') && path !== '/api/docs/openapi.json' && !PACK_CHECK_PATHS.includes(path) },
  { title: 'Checking a proof of income (no sign-in)', match: (path) => PACK_CHECK_PATHS.includes(path) },
  { title: 'Employer publishing API', match: (path) => path.startsWith('/employer-api/') },
  { title: 'Sign-in protocol and pages', match: (path) => path.startsWith('/app/') || path.startsWith('/account/') },
  { title: 'Platform', match: (path) => path === '/healthz' || path === '/api/docs/openapi.json' },
];

/** Sections whose request bodies get a table of fields and rules. */
const BODY_FIELDS_LISTED = ['Application API', 'Checking a proof of income (no sign-in)', 'Employer publishing API'];

export function renderContract(doc: OpenApiDocument): string {
  const writer = new TypeWriter();
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, path, operation })),
  );
  const lines: string[] = [
    '# Wire contract between the front end and `api/`',
    '',
    '<!-- Generated by `pnpm --filter api contract` from the OpenAPI document the API serves',
    '     (/api/docs/openapi.json); do not edit. api/src/docs/contract-doc.test.ts fails when it is stale. -->',
    '',
    "Every answer below is the API's route schema, written once in `@portal/shared/wire` (TypeBox). The",
    "front end's types are `Static<>` of the same schemas (`@portal/shared/api/types`), and the served",
    'OpenAPI document carries them in full (docs/architecture.md "Wire contract").',
    '',
    '- **Success** of every `/api/users/...` route is `Envelope<X>`: HTTP 200, JSON body `{ "data": "<JSON text>" }`',
    '  whose text parses to `{ "status": 200, "error": null, "data": X }`. The front end unwraps it in one',
    "  place (`@portal/shared/api/envelope`). `/api/user/{sub}` answers plain JSON in FusionAuth's shape.",
    '- **Errors** of every route are `ErrorBody`: HTTP 4xx/5xx with `{ "status", "error", "code", "data": null }`; `code` is one of the [error codes](#error-codes), by which a front end chooses its words.',
    '- Ids are strings, money is pounds with 2 decimals, dates are ISO text.',
    '- **The employer publishing API** (`/employer-api/v1/...`) is called by payroll software, not the front end:',
    '  plain JSON answers (no envelope), an employer API key as `Authorization: Bearer <key>`, money in whole pence;',
    '  its shapes live in `api/src/employer-api/schemas.ts`.',
    '',
    'What the API does beyond these shapes (errors and limits, sign-in, downloads, demo data) is in',
    '[api/README.md](../api/README.md).',
  ];
  for (const section of SECTIONS) {
    const rows = operations.filter(({ path }) => section.match(path));
    lines.push('', `## ${section.title}`, '', '| Route | What it does | Body | Answer | Errors |', '|---|---|---|---|---|');
    for (const { route, operation } of rows) {
      const body = operation.requestBody?.content ?? {};
      // A JSON body by its type; another (a PDF's bytes) by its media type.
      const bodyType = Object.entries(body)
        .map(([mediaType, media]) => (mediaType === 'application/json' && media.schema ? code(writer.type(media.schema)) : code(mediaType)))
        .join(', ');
      lines.push(`| ${code(route)} | ${cell(operation.summary ?? '')} | ${bodyType} | ${answer(writer, operation)} | ${errors(operation)} |`);
    }
    for (const { route, operation } of rows) {
      const schema = operation.requestBody?.content['application/json']?.schema;
      if (!BODY_FIELDS_LISTED.includes(section.title) || !schema) continue;
      lines.push(
        '',
        `Body of ${code(route)}${schema.description ? `: ${schema.description}` : ''}`,
        '',
        '| Field | Type | Rule |',
        '|---|---|---|',
        ...bodyFields(writer, schema),
      );
    }
  }
  const errorBody = doc.components?.schemas?.ErrorBody;
  if (errorBody) writer.named.set('ErrorBody', errorBody);
  // Shared schemas a body names only in words (a pay document's details, by its type).
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) if (!writer.named.has(name)) writer.named.set(name, schema);
  lines.push('', '## Types');
  for (const [name, schema] of writer.named) {
    lines.push('', `### ${name}`, '');
    if (schema.description) lines.push(schema.description, '');
    if (!schema.properties) {
      lines.push(`One of ${(schema.anyOf ?? []).map((member) => code(writer.type(member))).join(', ')}.`);
      continue;
    }
    lines.push('| Field | Type | Notes |', '|---|---|---|');
    for (const [key, property] of Object.entries(schema.properties)) {
      lines.push(`| ${code(`${key}${schema.required?.includes(key) ? '' : '?'}`)} | ${code(writer.type(property))} | ${cell(property.description ?? '')} |`);
    }
  }
  lines.push('', '## Error codes', '', 'The closed list `ErrorBody.code` takes (`shared/src/wire/error-codes.ts`).', '', '| Code | Means |', '|---|---|');
  for (const [name, means] of Object.entries(ERROR_CODES)) lines.push(`| ${code(name)} | ${cell(means)} |`);
  return `${lines.join('\n')}\n`;
}

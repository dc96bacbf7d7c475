// The routes to fuzz, read from the running API's OpenAPI document: a route added to the API is
// fuzzed without anyone touching the fuzzer.

/** The subset of JSON Schema the API's TypeBox schemas produce. */
export type JsonSchema = {
  type?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  $ref?: string;
};

export type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };

type DocOperation = {
  /** A browser page of the sign-in service (the API's `x-page`). */
  'x-page'?: boolean;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

export type OpenApiDocument = { paths: Record<string, Record<string, DocOperation>>; components?: { schemas?: Record<string, JsonSchema> } };

const COMPONENT = '#/components/schemas/';

/** A schema with each `#/components/schemas/X` it names put in place (the API's schemas have no cycles). */
function inlineRefs(value: unknown, doc: OpenApiDocument): unknown {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(item, doc));
  if (!value || typeof value !== 'object') return value;
  const ref = (value as JsonSchema).$ref;
  const named = ref?.startsWith(COMPONENT) ? doc.components?.schemas?.[ref.slice(COMPONENT.length)] : undefined;
  if (named) return inlineRefs(named, doc);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inlineRefs(item, doc)]));
}

export type Operation = {
  /** `GET /api/users/{userId}/…`, as in the document. */
  key: string;
  method: string;
  /** Path template with `{param}` placeholders. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: { contentType: string; schema: JsonSchema; required: boolean } | null;
  /**
   * A browser page of the sign-in service (it answers HTML or redirects): its errors are an HTML
   * page when the request accepts text/html, `{ status, error }` otherwise.
   */
  page: boolean;
  /** Statuses the document says answer with an HTML page whatever the request accepts (a form shown again with its errors). */
  htmlStatuses: Set<number>;
};

export function readOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      const responses = Object.entries(op.responses ?? {});
      const htmlStatuses = new Set(responses.filter(([, r]) => r.content?.['text/html']).map(([status]) => Number(status)));
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body:
          contentType && media?.schema
            ? { contentType, schema: inlineRefs(media.schema, doc) as JsonSchema, required: Boolean(op.requestBody?.required) }
            : null,
        page: op['x-page'] === true,
        htmlStatuses: new Set([...htmlStatuses].filter((status) => status >= 400)),
      });
    }
  }
  return operations;
}

/** The operation the API routes a request to (method and path against the templates), if any. */
export function matchOperation(operations: Operation[], method: string, pathAndQuery: string): Operation | undefined {
  const path = pathAndQuery.split('?')[0]!;
  const pattern = (template: string) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);
  return operations.find((op) => op.method === method && pattern(op.path).test(path));
}

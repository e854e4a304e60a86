import fc from 'fast-check';

/**
 * Reads the API's own OpenAPI document (GET /docs/openapi.json, built from ROUTE_DOCS) into what the generated route
 * suites need: every operation with its auth level (`x-auth`), path, query and body schemas; the kind of resource a
 * path parameter names; and a deterministic, schema-valid sample of a JSON schema. A route added to ROUTE_DOCS
 * reaches the suites through this module with no test edit.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
}

export type RouteAuth = 'none' | 'optional' | 'user' | 'admin';

export interface ApiOperation {
  /** `METHOD /path/{param}` as in the document. */
  key: string;
  method: string;
  path: string;
  auth: RouteAuth;
  pathParams: string[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  /** JSON request body schema. */
  body?: JsonSchema;
  /** multipart/form-data with a file in this field. */
  upload?: string;
  /** Statuses the document lists for the operation. */
  statuses: string[];
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
  'x-auth'?: RouteAuth;
  'x-undocumented'?: boolean;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export function operationsOf(doc: OpenApiDocument): ApiOperation[] {
  const ops: ApiOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const multipart = op.requestBody?.content?.['multipart/form-data']?.schema;
      ops.push({
        key: `${m.toUpperCase()} ${path}`,
        method: m.toUpperCase(),
        path,
        // An operation without x-auth (undocumented) is treated as needing nothing, the weakest claim.
        auth: op['x-auth'] ?? 'none',
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema,
        upload: multipart ? Object.keys(multipart.properties ?? {})[0] : undefined,
        statuses: Object.keys(op.responses ?? {}),
      });
    }
  }
  return ops.sort((a, b) => a.key.localeCompare(b.key));
}

/** What a path parameter points at, from its name or the collection segment before it (`/comments/{id}` -> comment). */
export type ResourceKind =
  | 'sight'
  | 'comment'
  | 'image'
  | 'imagePath'
  | 'guide'
  | 'station'
  | 'news'
  | 'roadmap'
  | 'theme'
  | 'shopItem'
  | 'user'
  | 'table';

const BY_NAME: Record<string, ResourceKind> = {
  imageId: 'image',
  stationId: 'station',
  userId: 'user',
  table: 'table',
  path: 'imagePath',
};
const BY_SEGMENT: Record<string, ResourceKind> = {
  sights: 'sight',
  detail: 'sight',
  comments: 'comment',
  images: 'image',
  guides: 'guide',
  audio: 'station',
  news: 'news',
  roadmap: 'roadmap',
  themes: 'theme',
  items: 'shopItem',
  avatars: 'user',
};

export function paramKind(path: string, name: string): ResourceKind | null {
  if (BY_NAME[name]) return BY_NAME[name];
  const segments = path.split('/');
  const i = segments.indexOf(`{${name}}`);
  return i > 0 ? (BY_SEGMENT[segments[i - 1]!] ?? null) : null;
}

/**
 * Percent-encodes like encodeURIComponent, except that an unpaired surrogate (which encodeURIComponent refuses)
 * becomes the bytes a careless client sends for it (its 3-byte WTF-8 form, invalid UTF-8).
 */
export function encodeComponent(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(s[i]!);
  }
  return out;
}

/** The path with its parameters filled in, each encoded (a wildcard `{path}` keeps its slashes; `raw` ones go as is). */
export function fillPath(
  path: string,
  values: Record<string, string>,
  raw: ReadonlySet<string> = new Set(),
): string {
  return path.replace(/\{([A-Za-z_]+)\}/g, (_m, name: string) => {
    const v = values[name] ?? '';
    if (raw.has(name)) return v;
    return name === 'path' ? v.split('/').map(encodeComponent).join('/') : encodeComponent(v);
  });
}

/** The pattern @wayfarer/contracts' text() adds to every string (no NUL, no unpaired surrogate): any plain text meets it. */
const isSafeTextPattern = (p: string) => p.startsWith('^(?![^]*');

/**
 * A deterministic value that satisfies the schema (every property, optional ones included, so a request built from
 * it is complete): the minimum of a range, the first enum member, `false`, one array item. `hint(name)` supplies
 * real ids for known field names (sight_id, item_id, ...); undefined leaves the field to the schema.
 */
export function sampleValue(
  schema: JsonSchema,
  hint: (name: string) => unknown = () => undefined,
  name = '',
): unknown {
  const hinted = name ? hint(name) : undefined;
  if (hinted !== undefined) return hinted;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length)
    return sampleValue(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!, hint, name);
  if (schema.allOf?.length) return sampleValue(schema.allOf[0]!, hint, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = sampleValue(s, hint, k);
      return out;
    }
    case 'array': {
      const n = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: Math.min(n, schema.maxItems ?? n) }, () =>
        sampleValue(schema.items ?? {}, hint),
      );
    }
    case 'integer':
    case 'number': {
      const exclusive = schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === 'number';
      const min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.minimum;
      if (min === undefined) return schema.maximum !== undefined ? Math.min(1, schema.maximum) : 1;
      return exclusive ? min + 1 : min;
    }
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema);
    default:
      return schema.default ?? null;
  }
}

let sampleSeed = 1;
function sampleString(schema: JsonSchema): string {
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000001';
  if (schema.format === 'email') return `sample${sampleSeed++}@test.local`;
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/sample';
  if (schema.format === 'date-time') return new Date(0).toISOString();
  if (schema.pattern && !isSafeTextPattern(schema.pattern)) {
    const [value] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: 42, numRuns: 1 });
    if (value !== undefined) return value;
  }
  const min = Math.max(schema.minLength ?? 1, 1);
  const text = 'Sample text for the route suites';
  const s = text.length >= min ? text : text.padEnd(min, 'x');
  return schema.maxLength !== undefined ? s.slice(0, Math.max(schema.maxLength, 0)) : s;
}

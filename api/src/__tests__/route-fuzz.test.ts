import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from '@jest/globals';
import {
  encodeComponent,
  fillPath,
  operationsOf,
  type ApiOperation,
  type JsonSchema,
  type OpenApiDocument,
} from '../testing/openapi-routes';
import {
  FIXTURE_MAX_UPLOAD_BYTES,
  routeFixtures,
  sendRaw,
  type RawAnswer,
  type RawRequest,
} from './route-fixtures';

/**
 * Property-based fuzzing of every operation in the API's OpenAPI document: generated bad input (wrong
 * types, missing and extra fields, NUL and unpaired surrogates, huge strings and numbers, NaN/Infinity, out-of-range
 * coordinates, invalid ids, traversal in path parameters, invalid JSON, wrong content types, oversized bodies,
 * non-image and oversized uploads) from an anonymous caller, a user, an admin and a token whose user does not exist.
 * Every answer must be below 500, and no body may carry a stack frame or PostgreSQL's text. Reproducible: a fixed
 * seed (FUZZ_SEED and FUZZ_RUNS override it); a failure prints the request and how to replay it (FUZZ_PATH).
 */
const SEED = Number(process.env.FUZZ_SEED || 20_260_113);
const RUNS = Number(process.env.FUZZ_RUNS || 10);
fc.configureGlobal({ seed: SEED, numRuns: RUNS, endOnFailure: true });

const fx = await routeFixtures();
afterAll(() => fx.close());
const doc = (await (await fetch(`${fx.s.url}/docs/openapi.json`)).json()) as OpenApiDocument;
const ops = operationsOf(doc);
const PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
  .png()
  .toBuffer();

// ---- what every answer must satisfy

const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:\/\/|node:|\/)[^\s)]*:\d+:\d+/],
  ['a server path', /\/node_modules\/|\/api\/src\//],
  [
    'PostgreSQL text',
    /SQLSTATE|syntax error at or near|violates (?:unique|foreign key|check|not-null|exclusion)|duplicate key value|invalid input syntax for|invalid byte sequence for encoding|out of range for type|null value in column|relation "[^"]+" does not exist|column "[^"]+"|constraint "[^"]+"|Key \([^)]*\)=\(/i,
  ],
];

function problemsOf(a: RawAnswer): string[] {
  const out: string[] = [];
  if (a.status >= 500) out.push(`status ${a.status}`);
  for (const [what, re] of LEAKS) if (re.test(a.text)) out.push(`the body shows ${what}`);
  if (a.status >= 400 && a.type.includes('json') && a.text) {
    const body = JSON.parse(a.text) as { message?: unknown };
    if (typeof body.message !== 'string' || !body.message) out.push('a JSON error without a message');
  }
  return out;
}

interface Req extends RawRequest {
  note: string;
}

const hasBody = (op: ApiOperation) => op.method !== 'GET' && op.method !== 'HEAD';

const describeReq = (r: Req) => {
  const body =
    r.body === undefined ? '' : ` body(${r.body.length}): ${JSON.stringify(String(r.body).slice(0, 300))}`;
  return `${r.method} ${r.path.slice(0, 300)} [${r.note}] headers ${JSON.stringify({ ...r.headers, authorization: r.headers.authorization ? '<token>' : undefined })}${body}`;
};

/** Sends and checks one request; the returned string is empty when the answer is acceptable. */
async function check(r: Req): Promise<string> {
  const t = Date.now();
  if (process.env.FUZZ_DEBUG) process.stderr.write(`>> ${describeReq(r).slice(0, 400)}\n`);
  const a = await sendRaw(fx.s.url, r);
  if (process.env.FUZZ_DEBUG) process.stderr.write(`<< ${a.status} ${Date.now() - t} ms\n`);
  const problems = problemsOf(a);
  return problems.length
    ? `${problems.join(', ')}\n  request: ${describeReq(r)}\n  answer: ${a.status} ${a.text.slice(0, 500)}`
    : '';
}

// ---- building requests

type ActorName = keyof typeof fx.actors;
const ACTORS: ActorName[] = ['anon', 'user', 'admin', 'ghost'];
const authHeader = (actor: ActorName): Record<string, string> => {
  const token = fx.actors[actor].token;
  return token ? { authorization: `Bearer ${token}` } : {};
};

/** A JSON token JSON.stringify cannot write (1e400, 9007199254740993, -0, NaN): spliced into the text as is. */
class Raw {
  constructor(readonly token: string) {}
}
function jsonText(v: unknown): string {
  const raws: string[] = [];
  const text =
    JSON.stringify(v, (_k, x: unknown) => (x instanceof Raw ? `\u0001${raws.push(x.token) - 1}\u0001` : x)) ??
    'null';
  return text.replace(/"\\u0001(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

const LONE = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const nastyString = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udfffx',
    '\ud83d',
    '😀',
    '',
    ' ',
    '\t\r\n',
    'x'.repeat(5_000),
    '../../../../etc/passwd',
    '..\\..\\..\\windows\\win.ini',
    '/etc/passwd',
    '%00',
    '%',
    '%zz',
    '\u202e\u0301',
    "' OR 1=1 --",
    '"; DROP TABLE sights; --',
    '<script>alert(1)</script>',
    '${7*7}',
    '{{7*7}}',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e400',
    '-1e400',
    '9007199254740993',
    '2147483648',
    '-2147483649',
    '0x10',
    '1.5',
    '-0',
    '91',
    '-91',
    '181',
    '-181',
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'null',
    'true',
    '[]',
    '{}',
    'data:image/png;base64,AAAA',
    'javascript:alert(1)',
    'http://169.254.169.254/',
    'theme-x',
    // PostgREST filters, select lists and orders (for /rest/v1, harmless elsewhere).
    'like.*a*',
    'ilike.x',
    'not.like.x',
    'gt.x',
    'lt.infinity',
    'eq.',
    'in.(a,b',
    'in.("a,b")',
    'is.maybe',
    'cs.{a}',
    'id.desc.nullsfirst',
    '*,x',
    'id,id',
    `${'id,'.repeat(2_000)}id`,
    'display_name.asc,nope',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 10 }), LONE, fc.string({ maxLength: 10 })).map(([a, b, c]) => a + b + c),
);
const nastyNumber = fc.oneof(
  fc.constantFrom<unknown>(
    0,
    -1,
    1.5,
    -0.5,
    2147483647,
    2147483648,
    -2147483649,
    32768,
    Number.MAX_SAFE_INTEGER,
    1e15,
    1e308,
    -1e308,
    91,
    -91,
    181,
    -181,
    new Raw('9007199254740993'),
    new Raw('1e400'),
    new Raw('-1e400'),
    new Raw('-0'),
    new Raw('1E+2'),
    new Raw('0.0000000000000000000001'),
  ),
  fc.double(),
  fc.integer(),
);
const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 4 },
  { arbitrary: nastyNumber, weight: 3 },
  {
    arbitrary: fc.constantFrom<unknown>(
      true,
      false,
      null,
      [],
      {},
      [null],
      [[[]]],
      { a: { b: { c: {} } } },
      ['\u0000'],
      { '\u0000': 1 },
      { '\ud800': 'x' },
    ),
    weight: 2,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  { arbitrary: fc.constantFrom('é'.repeat(300_000), 'x'.repeat(900_000)), weight: 1 },
);

/** Field paths of a JSON value (for setting and dropping). */
function pathsOf(
  v: unknown,
  prefix: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  if (prefix.length) out.push(prefix);
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...prefix, i], out));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) pathsOf(x, [...prefix, k], out);
  return out;
}
function schemaPaths(s: JsonSchema | undefined, prefix: string[] = [], out: string[][] = []): string[][] {
  for (const [k, p] of Object.entries(s?.properties ?? {})) {
    out.push([...prefix, k]);
    schemaPaths(p, [...prefix, k], out);
  }
  return out;
}
function setAt(root: unknown, path: (string | number)[], value: unknown, drop = false): unknown {
  if (!path.length) return value;
  const copy: unknown = Array.isArray(root) ? [...root] : root && typeof root === 'object' ? { ...root } : {};
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const container = copy as Record<string | number, unknown>;
  if (!rest.length && drop) delete container[head];
  else container[head] = setAt(container[head], rest, value, drop);
  return copy;
}

type Mutation =
  | { kind: 'path'; name: string; value: string; raw: boolean }
  | { kind: 'query'; name: string; value: string | string[] }
  | { kind: 'query-drop'; name: string }
  | { kind: 'body-set'; path: (string | number)[]; value: unknown }
  | { kind: 'body-drop'; path: (string | number)[] }
  | { kind: 'body-replace'; value: unknown }
  | { kind: 'raw'; type: string | null; body: string | Buffer }
  | { kind: 'upload'; upload: Upload }
  | { kind: 'header'; name: string; value: string };

type Upload =
  | 'png'
  | 'text-as-png'
  | 'random-bytes'
  | 'oversized'
  | 'empty-file'
  | 'wrong-field'
  | 'two-files'
  | 'field-only'
  | 'nul-file-name'
  | 'surrogate-file-name'
  | 'traversal-file-name'
  | 'long-file-name'
  | 'unterminated'
  | 'no-boundary';
const UPLOADS: Upload[] = [
  'png',
  'text-as-png',
  'random-bytes',
  'oversized',
  'empty-file',
  'wrong-field',
  'two-files',
  'field-only',
  'nul-file-name',
  'surrogate-file-name',
  'traversal-file-name',
  'long-file-name',
  'unterminated',
  'no-boundary',
];

/** A multipart body for one of the upload cases (built by hand, so broken framing and odd file names are possible). */
function multipart(field: string, u: Upload): { type: string; body: Buffer } {
  const boundary = '----wayfarer-fuzz-7d1';
  const part = (name: string, data: Buffer | string, filename?: string, extra = '') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}${extra}\r\n`,
      ),
      Buffer.from(filename === undefined ? '\r\n' : 'Content-Type: image/png\r\n\r\n'),
      Buffer.isBuffer(data) ? data : Buffer.from(data),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const type = `multipart/form-data; boundary=${boundary}`;
  const file = (data: Buffer | string, filename = 'photo.png', extra = '') => ({
    type,
    body: Buffer.concat([part(field, data, filename, extra), end]),
  });
  switch (u) {
    case 'png':
      return file(PNG);
    case 'text-as-png':
      return file('definitely not an image');
    case 'random-bytes':
      return file(Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919) % 256)));
    case 'oversized':
      return file(Buffer.concat([PNG, Buffer.alloc(FIXTURE_MAX_UPLOAD_BYTES + 1)]));
    case 'empty-file':
      return file(Buffer.alloc(0));
    case 'wrong-field':
      return { type, body: Buffer.concat([part(`${field}x`, PNG, 'photo.png'), end]) };
    case 'two-files':
      return { type, body: Buffer.concat([part(field, PNG, 'a.png'), part(field, PNG, 'b.png'), end]) };
    case 'field-only':
      return { type, body: Buffer.concat([part('caption', 'a\u0000b'), end]) };
    case 'nul-file-name':
      return file(PNG, 'a\u0000b.png');
    case 'surrogate-file-name':
      return file(PNG, 'x.png', "; filename*=UTF-8''%ED%A0%80x.png");
    case 'traversal-file-name':
      return file(PNG, '../../../../etc/passwd');
    case 'long-file-name':
      return file(PNG, `${'n'.repeat(5_000)}.png`);
    case 'unterminated':
      return { type, body: part(field, PNG, 'photo.png').subarray(0, 200) };
    case 'no-boundary':
      return { type: 'multipart/form-data', body: part(field, PNG, 'photo.png') };
  }
}

function mutationArb(op: ApiOperation): fc.Arbitrary<Mutation> {
  const b = fx.baseline(op);
  const arbs: fc.WeightedArbitrary<Mutation>[] = [];
  if (op.pathParams.length) {
    const traversal = fc.constantFrom(
      '..',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2f',
      '%c0%ae%c0%ae/',
      '%',
      '%00',
      '%ED%A0%80',
      '....//....//',
    );
    arbs.push({
      weight: 3,
      arbitrary: fc.oneof(
        fc.record({
          kind: fc.constant('path' as const),
          name: fc.constantFrom(...op.pathParams),
          value: nastyString,
          raw: fc.constant(false),
        }),
        fc.record({
          kind: fc.constant('path' as const),
          name: fc.constantFrom(...op.pathParams),
          value: traversal,
          raw: fc.constant(true),
        }),
      ),
    });
  }
  // Documented parameters plus ones the API reads elsewhere (and PostgREST's, with common column names).
  const queryNames = [
    ...op.query.map((q) => q.name),
    'extra',
    'limit',
    'offset',
    'select',
    'order',
    'on_conflict',
    'id',
    'user_id',
    'display_name',
    'birthdate',
    'created_at',
  ];
  arbs.push({
    weight: op.query.length ? 3 : 1,
    arbitrary: fc.oneof(
      fc.record({
        kind: fc.constant('query' as const),
        name: fc.constantFrom(...queryNames),
        value: fc.oneof(nastyString, fc.array(nastyString, { minLength: 2, maxLength: 3 })),
      }),
      fc.record({ kind: fc.constant('query-drop' as const), name: fc.constantFrom(...queryNames) }),
    ),
  });
  if (hasBody(op)) {
    const paths = [...pathsOf(b.body), ...schemaPaths(op.body), ['extra'], ['__proto__', 'polluted']];
    arbs.push({
      weight: op.body ? 5 : 2,
      arbitrary: fc.oneof(
        {
          weight: 5,
          arbitrary: fc.record({
            kind: fc.constant('body-set' as const),
            path: fc.constantFrom(...paths),
            value: nastyJson,
          }),
        },
        {
          weight: 2,
          arbitrary: fc.record({ kind: fc.constant('body-drop' as const), path: fc.constantFrom(...paths) }),
        },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('body-replace' as const), value: nastyJson }) },
      ),
    });
    arbs.push({
      weight: 2,
      arbitrary: fc.oneof(
        fc.record({
          kind: fc.constant('raw' as const),
          type: fc.constantFrom(
            'application/json',
            'application/json; charset=latin1',
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            'application/octet-stream',
            null,
          ),
          body: fc.constantFrom<string | Buffer>(
            '{',
            '{"a":',
            "{'a':1}",
            '[1,2',
            'null',
            '"str"',
            '0',
            '{"a":NaN}',
            '{"a":Infinity}',
            '{"a":1e400}',
            '\u0000',
            '\ufeff{}',
            'a=b&a=c&__proto__[x]=1',
            '<x/>',
            '{"a":"\\ud800"}',
            '{"a":"\\u0000"}',
            Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
            '['.repeat(50_000) + ']'.repeat(50_000),
          ),
        }),
      ),
    });
  }
  if (op.upload)
    arbs.push({
      weight: 6,
      arbitrary: fc.record({ kind: fc.constant('upload' as const), upload: fc.constantFrom(...UPLOADS) }),
    });
  arbs.push({
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('header' as const),
      name: fc.constantFrom(
        'authorization',
        'apikey',
        'prefer',
        'range',
        'accept',
        'if-range',
        'if-none-match',
        'content-profile',
      ),
      value: fc.constantFrom(
        'Bearer x',
        'Bearer ',
        `Bearer ${'a'.repeat(8_000)}`,
        'Basic Zm9vOmJhcg==',
        'bytes=0-',
        'bytes=-1',
        'bytes=9999999999-1',
        'bytes=a-b',
        'return=representation,count=exact',
        'application/vnd.pgrst.object+json',
        '*/*;q=abc',
        'eyJhbGciOiJub25lIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.',
      ),
    }),
  });
  return fc.oneof(...arbs);
}

function build(op: ApiOperation, actor: ActorName, mutations: Mutation[]): Req {
  const b = fx.baseline(op);
  const params = { ...b.params };
  const raw = new Set<string>();
  const query: Record<string, string | string[]> = { ...b.query };
  let body: unknown = b.body;
  let rawBody: { type: string | null; body: string | Buffer } | undefined;
  const headers: Record<string, string> = { ...authHeader(actor) };
  const notes: string[] = [actor];
  if (op.upload) rawBody = multipart(op.upload, 'png');
  for (const m of mutations) {
    notes.push(m.kind === 'upload' ? `upload:${m.upload}` : m.kind);
    switch (m.kind) {
      case 'path':
        params[m.name] = m.value;
        if (m.raw) raw.add(m.name);
        break;
      case 'query':
        query[m.name] = m.value;
        break;
      case 'query-drop':
        delete query[m.name];
        break;
      case 'body-set':
        body = setAt(body, m.path, m.value);
        break;
      case 'body-drop':
        body = setAt(body, m.path, undefined, true);
        break;
      case 'body-replace':
        body = m.value;
        break;
      case 'raw':
        rawBody = { type: m.type, body: m.body };
        break;
      case 'upload':
        rawBody = multipart(op.upload!, m.upload);
        break;
      case 'header':
        headers[m.name] = m.value;
        break;
    }
  }
  // Encoded by hand: URLSearchParams would turn an unpaired surrogate into U+FFFD before it left.
  const qs = Object.entries(query)
    .flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((x) => `${encodeComponent(k)}=${encodeComponent(x)}`),
    )
    .join('&');
  const path = fillPath(op.path, params, raw) + (qs ? `?${qs}` : '');
  let payload: string | Buffer | undefined;
  if (hasBody(op)) {
    if (rawBody) {
      payload = rawBody.body;
      if (rawBody.type) headers['content-type'] = rawBody.type;
    } else if (body !== undefined) {
      payload = jsonText(body);
      headers['content-type'] = 'application/json';
    }
  }
  return { method: op.method, path, headers, body: payload, note: notes.join(' ') };
}

/** Fixed cases every operation gets besides the generated ones. */
function fixedCases(op: ApiOperation): Req[] {
  const cases: Req[] = [];
  const add = (note: string, mutations: Mutation[] = [], actor: ActorName = 'admin') => {
    const r = build(op, actor, mutations);
    cases.push({ ...r, note: `${r.note} (${note})` });
  };
  for (const actor of ACTORS) add('baseline', [], actor);
  add('a 20 kB query string', [{ kind: 'query', name: op.query[0]?.name ?? 'q', value: 'x'.repeat(20_000) }]);
  for (const name of op.pathParams) {
    add(`traversal in ${name}`, [
      { kind: 'path', name, value: '..%2F..%2F..%2F..%2Fetc%2Fpasswd', raw: true },
    ]);
    add(`NUL in ${name}`, [{ kind: 'path', name, value: 'a%00b', raw: true }]);
    add(`invalid UTF-8 in ${name}`, [{ kind: 'path', name, value: '%ED%A0%80%C0%AE', raw: true }]);
  }
  if (hasBody(op)) {
    add('invalid JSON', [{ kind: 'raw', type: 'application/json', body: '{"a":' }]);
    add('JSON as text/plain', [
      { kind: 'raw', type: 'text/plain', body: jsonText(fx.baseline(op).body ?? {}) },
    ]);
    add('oversized body', [
      { kind: 'raw', type: 'application/json', body: `{"a":"${'x'.repeat(1024 * 1024 + 10)}"}` },
    ]);
    add('deeply nested JSON', [
      { kind: 'body-replace', value: new Raw(`${'{"a":['.repeat(20_000)}${']}'.repeat(20_000)}`) },
    ]);
    const field = pathsOf(fx.baseline(op).body)[0] ?? ['display_name'];
    add('a deeply nested field', [
      { kind: 'body-set', path: field, value: new Raw(`${'['.repeat(20_000)}1${']'.repeat(20_000)}`) },
    ]);
  }
  if (op.upload) for (const u of UPLOADS) add(`upload ${u}`, [{ kind: 'upload', upload: u }], 'user');
  return cases;
}

const sent = new Map<string, number>();

describe('route fuzzing: every operation of GET /docs/openapi.json answers generated bad input below 500, without leaks', () => {
  it('reads the operations from the document', () => {
    expect(ops.length).toBeGreaterThan(80);
    expect(ops.every((o) => ['none', 'optional', 'user', 'admin'].includes(o.auth))).toBe(true);
  });

  it.each(ops.map((o) => [o.key, o] as const))(
    '%s',
    async (_key, op) => {
      await fx.restore();
      const failures: string[] = [];
      for (const r of fixedCases(op)) {
        const p = await check(r);
        if (p) failures.push(p);
      }
      const result = await fc.check(
        fc.asyncProperty(
          fc.constantFrom(...ACTORS),
          fc.array(mutationArb(op), { minLength: 1, maxLength: 3 }),
          async (actor, mutations) => {
            sent.set(op.key, (sent.get(op.key) ?? 0) + 1);
            const p = await check(build(op, actor, mutations));
            if (p) throw new Error(p);
          },
        ),
        process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {},
      );
      if (result.failed) {
        const error =
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(
          `${error}\n  replay: FUZZ_SEED=${result.seed} FUZZ_PATH=${result.counterexamplePath} jest ${'api/src/__tests__/route-fuzz.test.ts'} -t '${op.key}'`,
        );
      }
      expect(failures).toEqual([]);
    },
    180_000,
  );

  it('fuzzed every operation (nothing skipped)', () => {
    expect(ops.filter((o) => (sent.get(o.key) ?? 0) < RUNS).map((o) => o.key)).toEqual([]);
  });
});

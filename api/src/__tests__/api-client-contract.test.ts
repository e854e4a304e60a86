import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ts from 'typescript';
import * as contracts from '@wayfarer/contracts';
import { REPO_ROOT } from '../config/env';
import { jsonSchemaOf } from '../http/openapi';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * The browser's typed client (packages/api-client) against the OpenAPI document the routes generate: every
 * `request(...)` call names a documented operation with the same method; the query keys and JSON body fields it
 * sends are documented; and where it types the answer (or the body) with a schema of @wayfarer/contracts, the
 * document holds that same schema. Read from the source with the TypeScript parser, so a new call is checked with no
 * test edit.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, unknown>;
}
interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

interface ClientCall {
  where: string;
  method: string;
  /** Path segments; null for a segment the caller fills in. */
  segments: (string | null)[];
  query: string[] | null;
  bodyKeys: string[] | null;
  bodyType: string | null;
  answerType: string | null;
  answerKeys: string[] | null;
}

const clientDir = path.join(REPO_ROOT, 'packages/api-client/src');

function callsIn(file: string): ClientCall[] {
  const src = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: ClientCall[] = [];
  const text = (n: ts.Node) => n.getText(src);
  /** `/a/${x}/b?${qs({ k })}` as segments and query keys; withQuery('/a', { k }) too. */
  const urlOf = (e: ts.Expression): { segments: (string | null)[]; query: string[] | null } | null => {
    let raw: string;
    let query: string[] | null = null;
    const keysOf = (o: ts.Node | undefined) =>
      o && ts.isObjectLiteralExpression(o)
        ? o.properties.flatMap((p) =>
            ts.isShorthandPropertyAssignment(p) || ts.isPropertyAssignment(p) ? [text(p.name)] : [],
          )
        : null;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) raw = e.text;
    else if (ts.isTemplateExpression(e)) {
      raw = e.head.text;
      for (const span of e.templateSpans) {
        const inQuery = raw.includes('?');
        const x = span.expression;
        if (inQuery && ts.isCallExpression(x) && text(x.expression) === 'qs') query = keysOf(x.arguments[0]);
        raw += (inQuery ? '' : '\u0000') + span.literal.text;
      }
    } else if (ts.isCallExpression(e) && text(e.expression) === 'withQuery') {
      const inner = urlOf(e.arguments[0]!);
      const second = e.arguments[1];
      const spread =
        second && ts.isObjectLiteralExpression(second) && second.properties.some(ts.isSpreadAssignment);
      return inner && { segments: inner.segments, query: spread ? null : keysOf(second) };
    } else return null;
    const [p] = raw.split('?');
    const segments = p!
      .split('/')
      .slice(1)
      .map((s) => (s.includes('\u0000') ? null : s));
    return { segments, query };
  };
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && text(n.expression) === 'request' && n.arguments.length) {
      const url = urlOf(n.arguments[0]!);
      const opts = n.arguments[1];
      let method = 'GET';
      let bodyKeys: string[] | null = null;
      let bodyType: string | null = null;
      if (opts && ts.isObjectLiteralExpression(opts)) {
        for (const p of opts.properties) {
          if (!ts.isPropertyAssignment(p)) continue;
          if (text(p.name) === 'method' && ts.isStringLiteral(p.initializer)) method = p.initializer.text;
          if (text(p.name) === 'json') {
            const j = p.initializer;
            if (ts.isObjectLiteralExpression(j))
              bodyKeys = j.properties.flatMap((x) => (x.name ? [text(x.name)] : []));
            if (ts.isIdentifier(j)) {
              // The enclosing function's parameter of that name: its type, when it names a contract schema.
              let f: ts.Node | undefined = n.parent;
              while (f && !ts.isArrowFunction(f) && !ts.isFunctionDeclaration(f)) f = f.parent;
              const param = f && (f as ts.ArrowFunction).parameters.find((x) => text(x.name) === j.text);
              bodyType = param?.type && ts.isTypeReferenceNode(param.type) ? text(param.type.typeName) : null;
            }
          }
        }
      }
      const targ = n.typeArguments?.[0];
      const answerType =
        targ && ts.isTypeReferenceNode(targ) && !targ.typeArguments ? text(targ.typeName) : null;
      const answerKeys =
        targ && ts.isTypeLiteralNode(targ)
          ? targ.members.flatMap((m) => (m.name ? [text(m.name)] : []))
          : null;
      const { line } = src.getLineAndCharacterOfPosition(n.getStart(src));
      if (url)
        out.push({
          where: `${path.basename(file)}:${line + 1}`,
          method,
          ...url,
          bodyKeys,
          bodyType,
          answerType,
          answerKeys,
        });
      else
        out.push({
          where: `${path.basename(file)}:${line + 1}`,
          method,
          segments: [],
          query: null,
          bodyKeys,
          bodyType,
          answerType,
          answerKeys,
        });
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

const calls = fs
  .readdirSync(clientDir)
  .filter((f) => f.endsWith('.ts') && f !== 'request.ts')
  .flatMap((f) => callsIn(path.join(clientDir, f)));

let s: TestServer;
let doc: Doc;
beforeAll(async () => {
  s = await startTestServer();
  doc = (await (await fetch(`${s.url}/docs/json`)).json()) as Doc;
}, 60_000);
afterAll(async () => {
  await s?.close();
});

/** The documented operation a call reaches: same method, each segment equal or a parameter on either side. */
function operationOf(c: ClientCall): { path: string; op: Operation } | null {
  const matches = Object.entries(doc.paths).flatMap(([p, ops]) => {
    const op = ops[c.method.toLowerCase()];
    if (!op) return [];
    const segs = p.split('/').slice(1);
    const wildcard = segs.at(-1) === '{path}';
    if (wildcard ? c.segments.length < segs.length : c.segments.length !== segs.length) return [];
    const ok = segs.every(
      (seg, i) =>
        (wildcard && i === segs.length - 1) ||
        c.segments[i] === null ||
        /^\{.+\}$/.test(seg) ||
        seg === c.segments[i],
    );
    // A literal segment beats a parameter (/admin/roadmap/reorder over /admin/roadmap/{id}), as in the router; a
    // segment the caller fills in goes to a parameter (/guides/${id} is /guides/{id}, not /guides/usage).
    const score = segs.filter(
      (x, i) => x === c.segments[i] || (c.segments[i] === null && /^\{.+\}$/.test(x)),
    ).length;
    return ok ? [{ path: p, op, literal: score }] : [];
  });
  matches.sort((a, b) => b.literal - a.literal);
  return matches[0] ?? null;
}

const jsonOf = (o: { content?: Record<string, { schema: Schema }> } | undefined) =>
  o?.content?.['application/json']?.schema;
/** A schema without its top-level description (the document's answer descriptions sit there). */
const same = (a: unknown, b: unknown) => {
  const strip = (x: unknown) => {
    if (!x || typeof x !== 'object') return x;
    const { description: _d, ...rest } = x as Record<string, unknown>;
    return rest;
  };
  // @fastify/swagger writes `const: x` as `enum: [x]`.
  const norm = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(norm)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.entries(x).map(([k, v]) => (k === 'const' ? ['enum', [v]] : [k, norm(v)])),
          )
        : x;
  return JSON.stringify(norm(strip(a))) === JSON.stringify(norm(strip(b)));
};
const okOf = (op: Operation) => Object.entries(op.responses).find(([status]) => /^2/.test(status))?.[1];
const contract = (name: string | null) => (name ? (contracts as Record<string, unknown>)[name] : undefined);

describe('packages/api-client against GET /docs/json', () => {
  it('finds the client calls', () => {
    expect(calls.length).toBeGreaterThan(50);
    expect(calls.filter((c) => !c.segments.length).map((c) => c.where)).toEqual([]);
  });

  it('every call names a documented route with the same method', () => {
    const missing = calls
      .filter((c) => !operationOf(c))
      .map((c) => `${c.where} ${c.method} /${c.segments.map((x) => x ?? '{…}').join('/')}`);
    expect(missing).toEqual([]);
  });

  it('sends only documented query parameters and body fields', () => {
    const problems: string[] = [];
    for (const c of calls) {
      const found = operationOf(c);
      if (!found) continue;
      const params = (found.op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const k of c.query ?? [])
        if (!params.includes(k)) problems.push(`${c.where}: query ${k} not documented on ${found.path}`);
      const body = jsonOf(found.op.requestBody);
      for (const k of c.bodyKeys ?? []) {
        if (!body?.properties || !(k in body.properties))
          problems.push(`${c.where}: body field ${k} not documented on ${found.path}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('types answers and bodies with the schemas the routes declare', () => {
    const problems: string[] = [];
    let compared = 0;
    for (const c of calls) {
      const found = operationOf(c);
      if (!found) continue;
      const documented = jsonOf(okOf(found.op));
      const answer = contract(c.answerType);
      if (answer) {
        compared++;
        if (!same(jsonSchemaOf(answer), documented))
          problems.push(`${c.where}: ${c.answerType} is not the answer of ${found.path}`);
      }
      for (const k of c.answerKeys ?? []) {
        if (!documented?.properties || !(k in documented.properties))
          problems.push(`${c.where}: answer field ${k} not documented on ${found.path}`);
      }
      const body = contract(c.bodyType);
      if (body) {
        compared++;
        if (!same(jsonSchemaOf(body), jsonOf(found.op.requestBody)))
          problems.push(`${c.where}: ${c.bodyType} is not the body of ${found.path}`);
      }
    }
    expect(problems).toEqual([]);
    expect(compared).toBeGreaterThan(30);
  });
});

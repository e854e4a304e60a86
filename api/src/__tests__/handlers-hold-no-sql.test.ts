import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

/**
 * A handler reads validate, authorise, call a service, answer; the SQL lives in src/services/
 * (and the auth and PostgREST stores, src/auth/accounts.ts, src/auth/sessions.ts, src/services/postgrest.ts). This
 * reads every file that registers routes and fails naming the file and line of any query call (`.query(`,
 * `.script(`), `sql` tagged template or string holding SQL. Handlers may still open a transaction around service
 * calls (`db.transaction`, `transactionAs`): that is the unit of work, not SQL.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === '__tests__' ? [] : tsFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** The files that register routes: the product routes, /auth/v1, /rest/v1, the mailbox, /docs and /health. */
const ROUTE_FILES = [
  ...tsFiles(path.join(SRC, 'routes')),
  path.join(SRC, 'auth', 'routes.ts'),
  path.join(SRC, 'auth', 'oauth-routes.ts'),
  ...tsFiles(path.join(SRC, 'http')),
  path.join(SRC, 'server.ts'),
];

const QUERY_METHODS = new Set(['query', 'script']);
/** SQL as this code base writes it (keywords in capitals); prose in summaries and messages does not match. */
const SQL =
  /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT\s+INTO\b|\bUPDATE\s+[\w."]+\s+(?:\w+\s+)?SET\b|\bDELETE\s+FROM\b|\bON\s+CONFLICT\b|\bSET\s+LOCAL\b|\bset_config\s*\(|\bpg_advisory/;

function sqlInSource(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${fileName}:${line + 1}: ${what}`);
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_METHODS.has(node.expression.name.text)
    ) {
      at(node, `.${node.expression.name.text}(…) call (${node.expression.getText(source)})`);
    } else if (ts.isTaggedTemplateExpression(node) && /^sql$/i.test(node.tag.getText(source))) {
      at(node, 'sql`…` template');
      return;
    } else if (ts.isTemplateExpression(node)) {
      const whole = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
      if (SQL.test(whole)) at(node, `SQL in a template: ${JSON.stringify(whole.slice(0, 60))}`);
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      SQL.test(node.text)
    ) {
      at(node, `SQL in a string: ${JSON.stringify(node.text.slice(0, 60))}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('route handlers hold no SQL (the SQL is in services)', () => {
  it('covers every route file', () => {
    const rel = ROUTE_FILES.map((f) => path.relative(SRC, f));
    for (const f of [
      'auth/routes.ts',
      'auth/oauth-routes.ts',
      'http/rest.ts',
      'http/mailbox.ts',
      'routes/sights.ts',
      'routes/admin/shop.ts',
      'routes/users/me.ts',
      'server.ts',
    ]) {
      expect(rel).toContain(f);
    }
  });

  it('no route file runs a query or holds SQL', () => {
    const found = ROUTE_FILES.flatMap((f) =>
      sqlInSource(path.relative(path.resolve(SRC, '../..'), f), readFileSync(f, 'utf8')),
    );
    if (found.length)
      throw new Error(`SQL in route files (move it into src/services/):\n${found.join('\n')}`);
  });

  it('finds what it looks for (a query call, SQL in a string and in a template, a sql tag), not prose', () => {
    const planted = [
      "app.get('/x', async () => (await db.query('SELECT 1')).rows);",
      "app.get('/y', async () => db.query(`DELETE FROM public.news WHERE id = ${id}`));",
      "const q = 'INSERT INTO public.news (title) VALUES ($1)';",
      'const t = `UPDATE public.${table} t SET ${col} = r.${col}`;',
      'const u = sql`SELECT id FROM x`;',
      "app.get('/ok', { schema: { summary: 'Select rows of profiles; update a comment; delete from the list' } }, async (req) => req.query);",
    ].join('\n');
    expect(sqlInSource('planted.ts', planted).map((f) => f.split(':').slice(0, 2).join(':'))).toEqual([
      'planted.ts:1',
      'planted.ts:2',
      'planted.ts:2',
      'planted.ts:3',
      'planted.ts:4',
      'planted.ts:5',
    ]);
  });
});

import type { FastifyError, FastifyInstance } from 'fastify';
import { unsafeTextReason } from '@wayfarer/contracts';
import { HttpError } from './errors';

type Part = 'params' | 'query' | 'body';
const WHERE: Record<Part, string> = { params: 'path parameter', query: 'query parameter', body: 'field' };

/** `items[0].name` from ['items', 0, 'name']; a very deep path keeps its first 120 characters. */
const joinPath = (path: (string | number)[]) => {
  const s = path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
  return s.length > 120 ? `${s.slice(0, 120)}…` : s;
};

interface Node {
  v: unknown;
  key: string | number | null;
  parent: Node | null;
  depth: number;
}

/**
 * Deeper JSON is refused: no request of this API nests beyond a few levels, and JSON.stringify (rows for /rest/v1,
 * metadata for /auth/v1, audit details) overflows the stack near 10,000 levels, which JSON.parse happily reads.
 */
export const MAX_JSON_DEPTH = 32;
const pathOf = (n: Node) => {
  const path: (string | number)[] = [];
  for (let x: Node | null = n; x && x.key !== null; x = x.parent) path.push(x.key);
  return path.reverse();
};

/**
 * The first string (value or object key) in `value` that PostgreSQL cannot store, or nesting beyond
 * MAX_JSON_DEPTH, as a sentence naming where it is; null when there is none. Iterative, with each node pointing at
 * its parent (the path is built only for the answer): one visit per value, however deep or wide.
 */
export function findUnsafeText(part: Part, value: unknown): string | null {
  const stack: Node[] = [{ v: value, key: null, parent: null, depth: 0 }];
  while (stack.length) {
    const node = stack.pop()!;
    const { v } = node;
    if (node.depth > MAX_JSON_DEPTH)
      return `The request ${part} is nested more than ${MAX_JSON_DEPTH} levels deep`;
    if (typeof v === 'string') {
      const reason = unsafeTextReason(v);
      if (!reason) continue;
      const path = pathOf(node);
      const name = part === 'params' && path[0] === '*' ? 'path' : joinPath(path);
      return name
        ? `The ${WHERE[part]} "${name}" contains ${reason}, which is not allowed`
        : `The request ${part} contains ${reason}, which is not allowed`;
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ v: v[i], key: i, parent: node, depth: node.depth + 1 });
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const reason = unsafeTextReason(k);
        if (reason) {
          const path = pathOf(node);
          const inside = path.length ? ` in the ${WHERE[part]} "${joinPath(path)}"` : '';
          return `A ${part === 'query' ? 'query parameter' : 'field'} name${inside} contains ${reason}, which is not allowed`;
        }
        stack.push({ v: child, key: k, parent: node, depth: node.depth + 1 });
      }
    }
  }
  return null;
}

/**
 * First line of defence: every route, the Supabase-compatible /auth/v1 and /rest/v1 ones
 * included, refuses a NUL character or an unpaired UTF-16 surrogate anywhere in its path parameters, query or JSON
 * (or form) body with a 400 that names the field, before any handler can hand it to PostgreSQL; and a body nested
 * deeper than MAX_JSON_DEPTH. The request schemas
 * (`text()` in @wayfarer/contracts) refuse the same for callers that validate on their side; multipart parts are
 * streamed to the handler, which checks the file name itself. Install before the routes are registered.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    const problem =
      findUnsafeText('params', req.params) ??
      findUnsafeText('query', req.query) ??
      findUnsafeText('body', req.body);
    if (problem) done(new HttpError(400, problem, 'invalid_text') as unknown as FastifyError);
    else done();
  });
}

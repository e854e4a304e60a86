import { afterAll, describe, expect, it } from '@jest/globals';
import {
  fillPath,
  operationsOf,
  paramKind,
  type ApiOperation,
  type OpenApiDocument,
  type ResourceKind,
} from '../testing/openapi-routes';
import { routeFixtures, sendRaw, type RawAnswer } from './route-fixtures';

/**
 * The authorization matrix of every route, derived from GET /docs/openapi.json (x-auth of each operation, from
 * ROUTE_DOCS), so a new route is covered without editing this file. Callers: anonymous, `user` (who owns the
 * fixtures: a comment, a pending image, a guide, a purchase, a subscription, a profile), `other` (another user) and
 * an admin. For every mutating operation and every read that needs a token:
 *   admin-only      anonymous 401, user 403, other 403, admin neither 401 nor 403;
 *   signed-in       anonymous 401, the owner and the admin neither 401 nor 403;
 *   the owner's     other gets 403 or 404 (a PostgREST filter under row-level security: an empty answer), for a
 *   resource        private resource (guide, pending image) with any method, for a public one (comment) with a
 *                   changing method; otherwise other is neither 401 nor 403;
 *   no token needed anonymous is not asked to sign in (mutating operations).
 * Whatever anonymous and other do, the owner's rows stay exactly as they were and no answer to them carries the
 * owner's private ids. A route the test knows no valid request for still gets every check (its input may be a 400).
 * /rest/v1 follows PostgREST under row-level security: its rows are the owner's alone, with no admin bypass (that is
 * the service role), so there an admin is refused like any other user.
 */
const fx = await routeFixtures();
afterAll(() => fx.close());
const doc = (await (await fetch(`${fx.s.url}/docs/openapi.json`)).json()) as OpenApiDocument;
const ops = operationsOf(doc);

const owner = fx.actors.user;
const PRIVATE_KINDS = new Set<ResourceKind>(['guide', 'image', 'imagePath']);
const OWNED_KINDS = new Set<ResourceKind>(['comment']);
const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WRITES = new Set(['PUT', 'PATCH', 'DELETE']);

/** Requests the schemas cannot describe (the PostgREST subset): the owner's profile row, addressed by a filter. */
const RECIPES: Record<
  string,
  { query?: Record<string, string>; headers?: Record<string, string>; body?: unknown; ownersRow: true }
> = {
  'GET /rest/v1/{table}': { query: { id: `eq.${owner.id}`, select: '*' }, ownersRow: true },
  'POST /rest/v1/{table}': {
    query: { on_conflict: 'id' },
    headers: { prefer: 'resolution=merge-duplicates,return=representation' },
    body: { id: owner.id, display_name: 'Matrix' },
    ownersRow: true,
  },
  'PATCH /rest/v1/{table}': {
    query: { id: `eq.${owner.id}` },
    headers: { prefer: 'return=representation' },
    body: { display_name: 'Matrix' },
    ownersRow: true,
  },
};

/** The owner's ids no one else may see. */
const PRIVATE_VALUES = [
  owner.email!,
  fx.ids.guide,
  fx.ids.image,
  fx.ids.purchase,
  fx.ids.payment,
  fx.ids.subscription,
];

/** Does the operation act on the owner's resource, such that another user must be refused? */
function ownersResource(op: ApiOperation): boolean {
  if (RECIPES[op.key]) return true;
  return op.pathParams.some((name) => {
    const kind = paramKind(op.path, name);
    return kind !== null && (PRIVATE_KINDS.has(kind) || (OWNED_KINDS.has(kind) && WRITES.has(op.method)));
  });
}

const inMatrix = (op: ApiOperation) =>
  CHANGING.has(op.method) || op.auth === 'user' || op.auth === 'admin' || ownersResource(op);

type Caller = 'anon' | 'user' | 'other' | 'admin';

async function call(op: ApiOperation, caller: Caller): Promise<RawAnswer> {
  const b = fx.baseline(op);
  const recipe = RECIPES[op.key];
  const query = { ...b.query, ...recipe?.query };
  const qs = new URLSearchParams(query as Record<string, string>).toString();
  const body = recipe?.body ?? b.body;
  const headers: Record<string, string> = { ...recipe?.headers };
  const token = fx.actors[caller].token;
  if (token) headers.authorization = `Bearer ${token}`;
  const hasBody = CHANGING.has(op.method) && body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  return sendRaw(fx.s.url, {
    method: op.method,
    path: fillPath(op.path, b.params) + (qs ? `?${qs}` : ''),
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}

const isEmptyAnswer = (a: RawAnswer) =>
  a.status === 204 || (a.status < 300 && /^\s*(\[\s*\]|\{\s*\})?\s*$/.test(a.text));

const expected = {
  unauthenticated: (a: RawAnswer) => a.status === 401,
  forbidden: (a: RawAnswer) => a.status === 403,
  allowed: (a: RawAnswer) => a.status !== 401 && a.status !== 403 && a.status < 500,
  refused: (a: RawAnswer, emptyOk: boolean) =>
    a.status === 403 || a.status === 404 || (emptyOk && isEmptyAnswer(a)),
};

const matrix = ops.filter(inMatrix);

describe('authorization matrix from GET /docs/openapi.json', () => {
  it('covers the mutating operations and the token reads of the document', () => {
    expect(matrix.length).toBeGreaterThan(60);
    expect(matrix.filter((o) => o.auth === 'admin').length).toBeGreaterThan(30);
    expect(matrix.filter(ownersResource).map((o) => o.key)).toEqual(
      expect.arrayContaining([
        'PATCH /comments/{id}',
        'DELETE /comments/{id}',
        'DELETE /sights/{id}/images/{imageId}',
        'GET /guides/{id}',
        'PATCH /rest/v1/{table}',
      ]),
    );
  });

  describe('anonymous, a non-admin and another user: refused, and nothing of the owner changes or shows', () => {
    it.each(matrix.map((o) => [o.key, o.auth, o] as const))('%s (%s)', async (_key, auth, op) => {
      await fx.restore();
      const before = await fx.ownerSnapshot();
      const wrong: string[] = [];
      const expect_ = (caller: Caller, a: RawAnswer, ok: boolean, want: string) => {
        if (!ok) wrong.push(`${caller}: wanted ${want}, got ${a.status} ${a.text.slice(0, 200)}`);
        if (caller !== 'admin' && caller !== 'user') {
          const leaked = PRIVATE_VALUES.filter((v) => a.text.includes(v));
          if (leaked.length) wrong.push(`${caller}: the answer shows the owner's ${leaked.join(', ')}`);
        }
        if (a.status >= 500) wrong.push(`${caller}: ${a.status}`);
      };
      const anon = await call(op, 'anon');
      if (auth === 'user' || auth === 'admin') expect_('anon', anon, expected.unauthenticated(anon), '401');
      else if (auth === 'none' && CHANGING.has(op.method))
        expect_('anon', anon, anon.status !== 401, 'no sign-in demand');
      else expect_('anon', anon, true, '');
      if (auth === 'admin') {
        const user = await call(op, 'user');
        expect_('user', user, expected.forbidden(user), '403');
      }
      const other = await call(op, 'other');
      if (auth === 'admin') expect_('other', other, expected.forbidden(other), '403');
      else if (ownersResource(op))
        expect_(
          'other',
          other,
          expected.refused(other, Boolean(RECIPES[op.key])),
          "403 or 404 on the owner's resource",
        );
      else if (auth === 'user') expect_('other', other, expected.allowed(other), 'neither 401 nor 403');
      else expect_('other', other, true, '');
      const after = await fx.ownerSnapshot();
      if (after !== before) wrong.push(`the owner's rows changed:\n  before ${before}\n  after  ${after}`);
      expect(wrong).toEqual([]);
    });
  });

  describe('the owner and an admin: let through', () => {
    it.each(matrix.filter((o) => o.auth !== 'none').map((o) => [o.key, o.auth, o] as const))(
      '%s (%s)',
      async (_key, auth, op) => {
        const wrong: string[] = [];
        for (const caller of auth === 'admin' ? (['admin'] as const) : (['user', 'admin'] as const)) {
          await fx.restore();
          const a = await call(op, caller);
          if (caller === 'admin' && RECIPES[op.key]) {
            if (!expected.refused(a, true))
              wrong.push(
                `admin (row-level security): wanted 403, 404 or an empty answer, got ${a.status} ${a.text.slice(0, 200)}`,
              );
          } else if (!expected.allowed(a))
            wrong.push(
              `${caller === 'user' ? 'owner' : caller}: wanted neither 401 nor 403, got ${a.status} ${a.text.slice(0, 200)}`,
            );
        }
        expect(wrong).toEqual([]);
      },
    );
  });
});

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { signJwt } from '../auth/jwt';
import { loadConfig } from '../config/env';
import type { Queryable } from '../db/types';
import { createUser } from '../testing/create-user';
import { encodeComponent, paramKind, sampleValue, type ApiOperation } from '../testing/openapi-routes';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { Actor } from './product-helpers';

/**
 * One fixture of every kind a route's path can point at, for the generated route suites (route-fuzz and
 * route-authz): an unseeded server (fast to start) with two sights, and the first user's (`user`) comment, pending
 * image, guide with a station, purchase, subscription and payment, plus news, roadmap, theme and shop item. Rows
 * are written with fixed ids, so `restore()` puts back whatever a call deleted, hid or merged.
 */
export interface RouteFixtures {
  s: TestServer;
  actors: Record<'anon' | 'user' | 'other' | 'admin' | 'ghost', Actor & { email: string | null }>;
  ids: {
    sight: string;
    sight2: string;
    comment: string;
    image: string;
    imagePath: string;
    guide: string;
    station: string;
    news: string;
    roadmap: string;
    theme: string;
    shopItem: string;
    purchase: string;
    payment: string;
    subscription: string;
  };
  /** Puts every fixture back as it was created (idempotent). */
  restore(): Promise<void>;
  /** The valid request for an operation: its path parameters point at the fixtures, its body fills every field. */
  baseline(op: ApiOperation): Baseline;
  /** Real ids for body fields the schemas name (sight_id, item_id, ...), undefined for the rest. */
  hint(name: string): unknown;
  /** The first user's rows everywhere, as one comparable string: another caller must never change it. */
  ownerSnapshot(): Promise<string>;
  close(): Promise<void>;
}

export interface Baseline {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
}

/** Upload limit of the fixture server: small, so an oversized upload costs little. */
export const FIXTURE_MAX_UPLOAD_BYTES = 64 * 1024;

export async function routeFixtures(): Promise<RouteFixtures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-routes-'));
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const s = await startTestServer({
    config: { dataDir, media: { ...base.media, maxBytes: FIXTURE_MAX_UPLOAD_BYTES } },
  });
  const actor = async (admin: boolean) => {
    const u = await createUser(s.db, { admin });
    const token = await signJwt(
      s.config.jwtSecret,
      { sub: u.id, email: u.email, role: 'authenticated', aud: 'authenticated' },
      3600,
    );
    return { id: u.id, token, email: u.email };
  };
  // A well-signed token whose user does not exist (never created, like a deleted account's).
  const ghostId = randomUUID();
  const ghost = {
    id: ghostId,
    email: 'ghost@test.local',
    token: await signJwt(
      s.config.jwtSecret,
      { sub: ghostId, email: 'ghost@test.local', role: 'authenticated', aud: 'authenticated' },
      3600,
    ),
  };
  const actors = {
    anon: { id: null, token: null, email: null },
    user: await actor(false),
    other: await actor(false),
    admin: await actor(true),
    ghost,
  };
  const owner = actors.user.id;
  const image = randomUUID();
  const ids = {
    sight: 'fx-sight-1',
    sight2: 'fx-sight-2',
    comment: randomUUID(),
    image,
    imagePath: `sight-images/2026/01/${image}.png`,
    guide: randomUUID(),
    station: randomUUID(),
    news: randomUUID(),
    roadmap: randomUUID(),
    theme: randomUUID(),
    shopItem: randomUUID(),
    purchase: randomUUID(),
    payment: randomUUID(),
    subscription: randomUUID(),
  };
  const restore = async () => {
    const q = (sql: string, params: unknown[] = []) => s.db.query(sql, params);
    for (const [id, name, lat, lon] of [
      [ids.sight, 'Fixture Tower', 48.8584, 2.2945],
      [ids.sight2, 'Fixture Arch', 48.8738, 2.295],
    ] as const) {
      await q(
        `INSERT INTO public.sights (id, slug, name, normalized_name, description, latitude, longitude, category_slugs, city, country, country_code)
         VALUES ($1, $1, $2, lower($2), 'A fixture sight.', $3, $4, '{landmark}', 'Paris', 'France', 'FR')
         ON CONFLICT (id) DO UPDATE SET hidden = false, merged_into = NULL, name = EXCLUDED.name`,
        [id, name, lat, lon],
      );
    }
    await q(
      `INSERT INTO public.comments (id, sight_id, user_id, body, rating) VALUES ($1, $2, $3, 'Fixture comment', 4)
       ON CONFLICT (id) DO UPDATE SET body = EXCLUDED.body, rating = EXCLUDED.rating, sight_id = EXCLUDED.sight_id`,
      [ids.comment, ids.sight, owner],
    );
    await q(
      `INSERT INTO public.sight_images (id, sight_id, user_id, storage_path, mime, width, height, bytes, status)
       VALUES ($1, $2, $3, $4, 'image/png', 8, 8, 100, 'pending') ON CONFLICT (id) DO UPDATE SET status = 'pending', sight_id = EXCLUDED.sight_id`,
      [ids.image, ids.sight, owner, ids.imagePath],
    );
    await q(
      `INSERT INTO public.guides (id, sight_id, user_id, writer, status) VALUES ($1, $2, $3, 'local', 'ready') ON CONFLICT (id) DO NOTHING`,
      [ids.guide, ids.sight, owner],
    );
    await q(
      `INSERT INTO public.stations (id, sight_id, guide_id, position, title, text) VALUES ($1, $2, $3, 0, 'Fixture station', 'Fixture text.')
       ON CONFLICT (id) DO NOTHING`,
      [ids.station, ids.sight, ids.guide],
    );
    await q(
      `INSERT INTO public.news (id, title, is_published, published_at) VALUES ($1, 'Fixture news', true, now())
       ON CONFLICT (id) DO UPDATE SET is_published = true`,
      [ids.news],
    );
    await q(
      `INSERT INTO public.roadmap (id, title, is_published) VALUES ($1, 'Fixture roadmap', true) ON CONFLICT (id) DO NOTHING`,
      [ids.roadmap],
    );
    await q(
      `INSERT INTO public.themes (id, name, css_class) VALUES ($1, 'Fixture theme', 'theme-fixture') ON CONFLICT (id) DO NOTHING`,
      [ids.theme],
    );
    await q(
      `INSERT INTO public.shop_items (id, slug, name, price) VALUES ($1, 'fixture-item', 'Fixture item', 0)
       ON CONFLICT (id) DO UPDATE SET is_active = true, price = 0`,
      [ids.shopItem],
    );
    await q(
      `INSERT INTO public.purchases (id, user_id, item_id, price) VALUES ($1, $2, $3, 0) ON CONFLICT (id) DO NOTHING`,
      [ids.purchase, owner, ids.shopItem],
    );
    await q(
      `INSERT INTO public.subscriptions (id, user_id, plan, status, period, current_period_end) VALUES ($1, $2, 'standard', 'active', 'monthly', now() + interval '30 days')
       ON CONFLICT (user_id) DO NOTHING`,
      [ids.subscription, owner],
    );
    await q(
      `INSERT INTO public.payments (id, user_id, amount_cents, description, provider_ref) VALUES ($1, $2, 499, 'Fixture payment', 'fx-ref')
       ON CONFLICT (id) DO NOTHING`,
      [ids.payment, owner],
    );
  };
  await restore();

  const ownerSnapshot = async () => snapshotOf(s.db, owner);
  const byKind: Record<string, string> = {
    sight: ids.sight,
    comment: ids.comment,
    image: ids.image,
    imagePath: ids.imagePath,
    guide: ids.guide,
    station: ids.station,
    news: ids.news,
    roadmap: ids.roadmap,
    theme: ids.theme,
    shopItem: ids.shopItem,
    user: owner,
    table: 'profiles',
  };
  // A parameter of a kind no fixture has (a route added later) gets an id that exists nowhere.
  const paramValue = (op: ApiOperation, name: string) =>
    byKind[paramKind(op.path, name) ?? ''] ?? '6f1c1e0e-1d7a-4c1b-9a53-3c1f2e4d5b6a';
  const hints: Record<string, unknown> = {
    sight_id: ids.sight,
    keep_id: ids.sight,
    merge_ids: [ids.sight2],
    item_id: ids.shopItem,
    parent_id: ids.comment,
    ids: [ids.image],
    station_id: ids.station,
  };
  const hint = (name: string) => hints[name];
  const baseline = (op: ApiOperation): Baseline => {
    const query: Record<string, string> = {};
    for (const q of op.query) if (q.required) query[q.name] = String(sampleValue(q.schema, hint, q.name));
    return {
      params: Object.fromEntries(op.pathParams.map((n) => [n, paramValue(op, n)])),
      query,
      body: op.body ? sampleValue(op.body, hint) : undefined,
    };
  };
  return {
    s,
    actors,
    ids,
    restore,
    baseline,
    hint,
    ownerSnapshot,
    async close() {
      await s.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every row that belongs to the user, in a stable order. */
async function snapshotOf(db: Queryable, userId: string): Promise<string> {
  const tables: [string, string][] = [
    [
      'auth.users',
      'SELECT email, encrypted_password, raw_user_meta_data, email_confirmed_at FROM auth.users WHERE id = $1',
    ],
    ['profiles', 'SELECT * FROM public.profiles WHERE id = $1'],
    ['admin_users', 'SELECT user_id FROM public.admin_users WHERE user_id = $1'],
    // likes_count left out: another user may like the comment.
    [
      'comments',
      'SELECT id, sight_id, body, rating, parent_id, updated_at FROM public.comments WHERE user_id = $1 ORDER BY id',
    ],
    ['comment_likes', 'SELECT comment_id FROM public.comment_likes WHERE user_id = $1 ORDER BY comment_id'],
    [
      'sight_images',
      'SELECT id, sight_id, status, storage_path FROM public.sight_images WHERE user_id = $1 ORDER BY id',
    ],
    [
      'guides',
      'SELECT g.id, g.sight_id, (SELECT count(*)::int FROM public.stations st WHERE st.guide_id = g.id) AS stations FROM public.guides g WHERE g.user_id = $1 ORDER BY g.id',
    ],
    ['purchases', 'SELECT id, item_id, price FROM public.purchases WHERE user_id = $1 ORDER BY id'],
    [
      'currency_ledger',
      'SELECT COALESCE(sum(amount), 0)::int AS balance, count(*)::int AS n FROM public.currency_ledger WHERE user_id = $1',
    ],
    ['subscriptions', 'SELECT * FROM public.subscriptions WHERE user_id = $1'],
    ['payments', 'SELECT id, amount_cents FROM public.payments WHERE user_id = $1 ORDER BY id'],
    ['avatars', 'SELECT mime, md5(data) AS data FROM public.avatars WHERE user_id = $1'],
  ];
  const out: Record<string, unknown> = {};
  for (const [name, sql] of tables) out[name] = (await db.query(sql, [userId])).rows;
  return JSON.stringify(out);
}

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

export interface RawAnswer {
  status: number;
  type: string;
  text: string;
}

/**
 * Sends exactly these bytes (node:http: no URL normalisation, any body and header) on a fresh connection: the
 * server closes some (431, 413) mid-stream, and a kept-alive socket would carry that into the next request.
 */
export function sendRaw(baseUrl: string, r: RawRequest): Promise<RawAnswer> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    // An explicit length: Node sends a DELETE body with neither a length nor chunks, which no server reads.
    const headers =
      r.body === undefined
        ? r.headers
        : { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) };
    // Node refuses a path with a space or a character beyond Latin-1: those go percent-encoded.
    const path = r.path.replace(/[^\x21-\x7e]+/g, encodeComponent);
    const req = http.request(
      { host: base.hostname, port: base.port, method: r.method, path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer in 60 s: ${r.method} ${r.path}`)));
    // The server may answer (413, 401) and close before an oversized body is written: that answer counts.
    req.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err),
    );
    req.end(r.body);
  });
}

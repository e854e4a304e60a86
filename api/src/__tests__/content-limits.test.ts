import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../testing/test-server';
import { jpegWithGps } from '../testing/images';
import { mapDbError } from '../http/pg-errors';
import { actors, call, type Actor, type Actors } from './product-helpers';

/**
 * What one account may store that every other visitor then loads: text of bounded length in every column (the
 * request schemas first, the database's checks behind them), avatars without their EXIF and only at this API's own
 * address, and no more pending photos than the limit, however many uploads race.
 */
const SIGHT = 'test-content-limits';
const MAX_PENDING = 5;
let s: TestServer;
let a: Actors;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-limits-'));
  s = await startTestServer({
    config: {
      media: {
        dir: mediaDir,
        urlTtlSeconds: 600,
        maxBytes: 10 * 1024 * 1024,
        maxPendingPerUser: MAX_PENDING,
      },
    },
  });
  a = await actors(s);
  await s.db.query(
    `INSERT INTO public.sights (id, slug, name, normalized_name, latitude, longitude, category_slugs, category_hint, source)
     VALUES ($1, $1, 'Limits Tower', 'limits tower', 48.85, 2.29, ARRAY['landmark'], 'landmark', 'test')`,
    [SIGHT],
  );
}, 120_000);
afterAll(async () => {
  await s?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** A /rest/v1 request as supabase-js sends it. */
async function rest(method: string, pathAndQuery: string, actor: Actor, body: unknown, prefer?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: `Bearer ${actor.token}`,
  };
  if (prefer) headers.prefer = prefer;
  const r = await fetch(`${s.url}/rest/v1${pathAndQuery}`, { method, headers, body: JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

describe('text columns', () => {
  /**
   * A column is bounded by its type (varchar(n)) or by a CHECK on it that limits its length (char_length,
   * octet_length, cardinality), lists its values (= ANY (ARRAY[...]), = 'one') or matches it to a pattern of bounded length.
   */
  function bounds(column: string, defs: string[]): boolean {
    const c = column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const ref = `\\(*${c}\\)*(::[a-z ]+)?\\)*`;
    const length = new RegExp(`(char_length|octet_length|length|cardinality)\\(${ref}\\s*(<=|<|=)\\s*\\d+`);
    const listed = new RegExp(`^CHECK \\(+${c}\\s*=\\s*(ANY \\(ARRAY\\[|'[^']*'::text\\)+$)`);
    const pattern = new RegExp(`${ref}\\s*~\\s*'(\\^[^']*\\$)'`);
    return defs.some((d) => {
      if (length.test(d) || listed.test(d)) return true;
      const p = pattern.exec(d)?.[2];
      // No unbounded repetition outside a character class.
      return p !== undefined && !/[*+]|\{\d+,\}/.test(p.replace(/\[[^\]]*\]/g, ''));
    });
  }

  it('every text, varchar, text[], jsonb and bytea column of public, wf_auth and auth has a length limit', async () => {
    const r = await s.db.query<{ col: string; name: string; max: number | null; defs: string[] | null }>(
      `SELECT c.table_schema || '.' || c.table_name || '.' || c.column_name AS col, c.column_name AS name,
              c.character_maximum_length AS max,
              (SELECT array_agg(pg_get_constraintdef(k.oid))
                 FROM pg_constraint k JOIN pg_attribute att ON att.attrelid = k.conrelid AND att.attnum = ANY (k.conkey)
                WHERE k.contype = 'c' AND k.conrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
                  AND att.attname = c.column_name) AS defs
         FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE t.table_type = 'BASE TABLE' AND c.table_schema IN ('public', 'wf_auth', 'auth')
          AND (c.data_type IN ('text', 'character varying', 'jsonb', 'bytea')
               OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar')))
        ORDER BY 1`,
    );
    expect(r.rows.length).toBeGreaterThan(100);
    const unbounded = r.rows.filter((x) => x.max === null && !bounds(x.name, x.defs ?? [])).map((x) => x.col);
    expect(unbounded).toEqual([]);
  });

  it('a length check the schemas missed is a 400 with a plain sentence, not a 500', async () => {
    const err = await s.db
      .query('UPDATE public.profiles SET display_name = repeat($2, 101) WHERE id = $1', [a.user.id, 'x'])
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(mapDbError(err)).toEqual({
      status: 400,
      code: 'invalid_value',
      message: 'A text value in the request is too long.',
    });
  });

  it('refuses an over-long display name (the profile form saves through /rest/v1) with 400', async () => {
    const huge = await rest(
      'POST',
      '/profiles?on_conflict=id',
      a.user,
      { id: a.user.id, display_name: 'x'.repeat(900_000) },
      'resolution=merge-duplicates',
    );
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('A text value in the request is too long.');
    expect(
      (await rest('PATCH', `/profiles?id=eq.${a.user.id}`, a.user, { first_name: 'y'.repeat(101) })).status,
    ).toBe(400);
    const fits = await rest('PATCH', `/profiles?id=eq.${a.user.id}`, a.user, {
      display_name: 'z'.repeat(100),
    });
    expect(fits.status).toBe(204);
    const stored = await s.db.query<{ n: number }>(
      'SELECT char_length(display_name) AS n FROM public.profiles WHERE id = $1',
      [a.user.id],
    );
    expect(stored.rows[0]!.n).toBe(100);
  });

  it('refuses over-long sign-up metadata, comments and image URLs with 400 before the database', async () => {
    const signup = await call(s, 'POST', '/auth/v1/signup', null, {
      email: 'long-metadata@test.local',
      password: 'a-long-enough-password-1',
      data: { display_name: 'x'.repeat(20_000) },
    });
    expect(signup.status).toBe(400);
    expect(signup.body.msg).toMatch(/at most 16 KB/);
    const comment = await call(s, 'POST', `/sights/${SIGHT}/comments`, a.user, { body: 'c'.repeat(2001) });
    expect(comment.status).toBe(400);
    const news = await call(s, 'POST', '/admin/news', a.admin, {
      title: 'Long image URL',
      body: 'Text',
      image_url: `https://example.com/${'p'.repeat(3000)}.jpg`,
    });
    expect(news.status).toBe(400);
    expect(news.body.error).toMatch(/too long/);
  });
});

describe('avatars', () => {
  const avatarOf = async (actor: Actor, image: Buffer, type = 'image/jpeg') =>
    call(s, 'PUT', '/users/me/avatar', actor, { image: `data:${type};base64,${image.toString('base64')}` });

  it('are stored re-encoded: no EXIF, no GPS position, bounded size', async () => {
    const photo = await jpegWithGps(900, 600);
    // The upload does carry the position.
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes(Buffer.from('TrackerCam'))).toBe(true);

    const put = await avatarOf(a.other, photo);
    expect(put.status).toBe(200);
    const served = await fetch(`${s.url}${new URL(put.body.avatar_url as string).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    expect(bytes.includes(Buffer.from('TrackerCam'))).toBe(false);
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);
  });

  it("accept as avatar_url only this API's own avatar address of the same profile (400 otherwise)", async () => {
    const img = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const put = await avatarOf(a.user, img, 'image/png');
    expect(put.status).toBe(200);
    const own = put.body.avatar_url as string;
    const patch = (avatar_url: string | null, actor: Actor = a.user) =>
      rest('PATCH', `/profiles?id=eq.${actor.id}`, actor, { avatar_url });

    for (const outside of [
      'https://tracker.example/pixel.gif',
      `https://tracker.example/avatars/${a.user.id}?v=1`,
      `${s.url}/avatars/${a.other.id}?v=1`,
      `${own}&x=1`,
      'javascript:alert(1)',
    ]) {
      const r = await patch(outside);
      expect([outside, r.status]).toEqual([outside, 400]);
      expect(r.body.message).toMatch(/uploaded to this site/);
    }
    // The upsert the profile form sends, with an outside URL: refused as well.
    expect(
      (
        await rest(
          'POST',
          '/profiles?on_conflict=id',
          a.user,
          { id: a.user.id, avatar_url: 'https://tracker.example/p.gif' },
          'resolution=merge-duplicates',
        )
      ).status,
    ).toBe(400);
    expect((await patch(own)).status).toBe(204);
    expect((await patch(new URL(own).pathname + new URL(own).search)).status).toBe(204);
    expect((await patch(null)).status).toBe(204);
    // The database holds the same rule for every other path.
    await expect(
      s.db.query('UPDATE public.profiles SET avatar_url = $2 WHERE id = $1', [
        a.user.id,
        'https://tracker.example/pixel.gif',
      ]),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('pending sight photos', () => {
  it('are limited per user even when the uploads race: exactly the limit gets in', async () => {
    const upload = async (i: number) => {
      const bytes = await sharp({
        create: { width: 16, height: 16, channels: 3, background: { r: i * 9, g: 200 - i * 7, b: 40 } },
      })
        .png()
        .toBuffer();
      const fd = new FormData();
      fd.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `race-${i}.png`);
      const r = await fetch(`${s.url}/sights/${SIGHT}/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.other.token}` },
        body: fd,
      });
      return r.status;
    };
    const statuses = await Promise.all(Array.from({ length: MAX_PENDING + 7 }, (_, i) => upload(i)));
    expect(statuses.filter((x) => x === 201)).toHaveLength(MAX_PENDING);
    expect(statuses.filter((x) => x === 429)).toHaveLength(7);
    const pending = await s.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM public.sight_images WHERE user_id = $1 AND status = 'pending'",
      [a.other.id],
    );
    expect(pending.rows[0]!.n).toBe(MAX_PENDING);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signImagePath, verifyImagePath } from '../services/media-sign';
import { sniffImage } from '../services/image-process';
import { actors, call, type Actor } from './product-helpers';

const SIGHT = 'wd-Q243'; // Eiffel Tower
const OTHER_SIGHT = 'wd-Q695604';

let s: TestServer;
let a: Record<'anon' | 'user' | 'other' | 'admin', Actor>;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-media-'));
  s = await startTestServer({
    seed: true,
    config: { media: { dir: mediaDir, urlTtlSeconds: 600, maxBytes: 10 * 1024 * 1024 } },
  });
  a = await actors(s);
}, 120_000);
afterAll(async () => {
  await s?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const png = (w: number, h: number, color = '#3a7') =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();
const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#a33' } })
    .jpeg()
    .toBuffer();
const webp = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#33a' } })
    .webp()
    .toBuffer();

async function upload(
  sightId: string,
  actor: Actor,
  bytes: Buffer,
  opts: { field?: string; type?: string; name?: string } = {},
) {
  const fd = new FormData();
  fd.append(
    opts.field ?? 'image',
    new Blob([new Uint8Array(bytes)], { type: opts.type ?? 'image/png' }),
    opts.name ?? 'photo.png',
  );
  const headers: Record<string, string> = {};
  if (actor.token) headers.authorization = `Bearer ${actor.token}`;
  const r = await fetch(`${s.url}/sights/${sightId}/images`, { method: 'POST', headers, body: fd });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
const fetchUrl = async (url: string) => {
  const r = await fetch(url);
  return { status: r.status, type: r.headers.get('content-type'), bytes: Buffer.from(await r.arrayBuffer()) };
};
const listIds = async (actor: Actor | null, sight = SIGHT) =>
  ((await call(s, 'GET', `/sights/${sight}/images`, actor)).body.items as Array<{ id: string }>).map(
    (i) => i.id,
  );

describe('POST /sights/:id/images', () => {
  it('refuses anonymous callers, unknown sights, non-multipart bodies, other fields, non-images and corrupt files', async () => {
    const img = await png(40, 30);
    expect((await upload(SIGHT, a.anon, img)).status).toBe(401);
    expect((await upload('no-such-sight', a.user, img)).status).toBe(404);
    const json = await call(s, 'POST', `/sights/${SIGHT}/images`, a.user, { image: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.error).toMatch(/multipart/);
    const wrongField = await upload(SIGHT, a.user, img, { field: 'photo' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error).toBe('No file in the field "image"');
    // Type is checked by content: a GIF declared as PNG and text declared as JPEG are refused.
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const g = await upload(SIGHT, a.user, gif, { type: 'image/png', name: 'x.png' });
    expect(g.status).toBe(400);
    expect(g.body.error).toBe('Only JPEG, PNG or WebP images are accepted');
    expect(
      (await upload(SIGHT, a.user, Buffer.from('hello world'), { type: 'image/jpeg', name: 'x.jpg' })).status,
    ).toBe(400);
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    const c = await upload(SIGHT, a.user, corrupt, { type: 'image/jpeg' });
    expect(c.status).toBe(400);
    expect(c.body.error).toBe('The file is not a readable JPEG image');
    expect((await upload(SIGHT, a.user, Buffer.alloc(0))).status).toBe(400);
    expect(await listIds(a.user)).toEqual([]);
  });

  it('refuses files over 10 MB with 413', async () => {
    const big = Buffer.concat([await jpeg(10, 10), Buffer.alloc(10 * 1024 * 1024)]);
    const r = await upload(SIGHT, a.user, big, { type: 'image/jpeg' });
    expect(r.status).toBe(413);
    expect(r.body.error).toBe('The image is larger than 10 MB');
    expect(await listIds(a.user)).toEqual([]);
  });

  it('accepts JPEG, PNG and WebP, re-encodes and resizes, and stores a pending row with the uploader', async () => {
    const r = await upload(SIGHT, a.user, await png(3000, 1000), { name: 'wide.png' });
    expect(r.status).toBe(201);
    const img = r.body.image;
    expect(img).toMatchObject({
      sight_id: SIGHT,
      user_id: a.user.id,
      status: 'pending',
      mime: 'image/webp',
      width: 2048,
      height: 683,
    });
    expect(img.path).toMatch(/^sight-images\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/);
    expect(img.url.startsWith(`${s.url}/sights/images/file/${img.path}?exp=`)).toBe(true);
    const onDisk = fs.readFileSync(path.join(mediaDir, img.path));
    expect(sniffImage(onDisk)).toBe('webp');
    expect(onDisk.length).toBe(img.bytes);
    const meta = await sharp(onDisk).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 683]);

    const j = await upload(SIGHT, a.user, await jpeg(64, 48), { type: 'image/jpeg', name: 'a.jpg' });
    expect(j.status).toBe(201);
    expect(j.body.image).toMatchObject({ width: 64, height: 48 });
    const w = await upload(SIGHT, a.other, await webp(20, 20), { type: 'image/webp', name: 'a.webp' });
    expect(w.status).toBe(201);

    // The same bytes again from the same user: the existing image, not a second copy.
    const again = await upload(SIGHT, a.user, await jpeg(64, 48), { type: 'image/jpeg' });
    expect(again.status).toBe(200);
    expect(again.body.image.id).toBe(j.body.image.id);
  });
});

describe('pending → approved, signed URLs and the file route', () => {
  let img: Record<string, string>;
  beforeAll(async () => {
    img = (await upload(SIGHT, a.user, await png(120, 80, '#123456'), { name: 'p.png' })).body.image;
  });

  it('a pending image is visible to its uploader and admins only', async () => {
    expect(await listIds(null)).not.toContain(img.id);
    expect(await listIds(a.other)).not.toContain(img.id);
    expect(await listIds(a.user)).toContain(img.id);
    expect(await listIds(a.admin)).toContain(img.id);
    const detail = await call(s, 'GET', `/sights/detail/${SIGHT}`, null);
    expect((detail.body.sight.images as Array<{ id: string }>).map((i) => i.id)).not.toContain(img.id);
    // The uploader's detail carries their own pending upload (with its status); another user's does not.
    const own = await call(s, 'GET', `/sights/detail/${SIGHT}`, a.user);
    expect(own.body.sight.images).toContainEqual(expect.objectContaining({ id: img.id, status: 'pending' }));
    const theirs = await call(s, 'GET', `/sights/detail/${SIGHT}`, a.other);
    expect((theirs.body.sight.images as Array<{ id: string }>).map((i) => i.id)).not.toContain(img.id);

    expect((await call(s, 'GET', `/sights/images/sign/${img.path}`, a.anon)).status).toBe(401);
    expect((await call(s, 'GET', `/sights/images/sign/${img.path}`, a.other)).status).toBe(403);
    expect((await call(s, 'GET', `/media/sign?media_id=${img.id}`, a.other)).status).toBe(403);
    const mine = await call(s, 'GET', `/sights/images/sign/${img.path}`, a.user);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ path: img.path, status: 'pending' });
    const adm = await call(s, 'GET', `/media/sign?media_id=${img.id}`, a.admin);
    expect(adm.status).toBe(200);
    const file = await fetchUrl(mine.body.url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/webp');
    expect(sniffImage(file.bytes)).toBe('webp');
    expect((await fetchUrl(adm.body.url)).status).toBe(200);
  });

  it('refuses missing, tampered, transplanted and expired signatures with 403', async () => {
    const u = new URL((await call(s, 'GET', `/sights/images/sign/${img.path}`, a.user)).body.url);
    const sig = u.searchParams.get('sig')!;
    const exp = Number(u.searchParams.get('exp'));
    const at = (p: string, q: string) => fetchUrl(`${s.url}/sights/images/file/${p}?${q}`);
    expect((await at(img.path, `exp=${exp}&sig=${sig}`)).status).toBe(200);
    const missing = await fetch(`${s.url}/sights/images/file/${img.path}`);
    expect(missing.status).toBe(403);
    expect(((await missing.json()) as { error: string }).error).toBe('This image URL is not signed');
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    expect((await at(img.path, `exp=${exp}&sig=${flipped}`)).status).toBe(403);
    expect((await at(img.path, `exp=${exp + 3600}&sig=${sig}`)).status).toBe(403);
    expect((await at(img.path, `exp=abc&sig=${sig}`)).status).toBe(403);
    const other = (await upload(SIGHT, a.other, await png(30, 30, '#fedcba'))).body.image;
    expect((await at(other.path, `exp=${exp}&sig=${sig}`)).status).toBe(403);
    // The detail's old unsigned id-style path is not a way around the signature.
    expect((await fetch(`${s.url}/sights/images/file/${img.id}`)).status).toBe(403);
    const old = signImagePath(s.config.jwtSecret, img.path, 60, Date.now() - 3600_000);
    const expired = await fetch(`${s.url}${old.url}`);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { error: string }).error).toBe('This image URL has expired');
    // A signature made with another secret is invalid.
    const forged = signImagePath('another-secret-of-at-least-32-characters!!', img.path, 600);
    expect((await fetch(`${s.url}${forged.url}`)).status).toBe(403);
    expect(verifyImagePath(s.config.jwtSecret, img.path, exp, sig)).toBe('ok');
  });

  it('after an admin approves it, everyone sees it and may sign it', async () => {
    expect((await call(s, 'POST', `/admin/images/${img.id}/approve`, a.user, {})).status).toBe(403);
    const ok = await call(s, 'POST', `/admin/images/${img.id}/approve`, a.admin, {});
    expect(ok.status).toBe(200);
    expect(await listIds(null)).toContain(img.id);
    expect(await listIds(a.other)).toContain(img.id);
    const detail = await call(s, 'GET', `/sights/detail/${SIGHT}`, null);
    const listed = (detail.body.sight.images as Array<{ id: string; url: string; status: string }>).find(
      (i) => i.id === img.id,
    );
    expect(listed).toMatchObject({ status: 'approved' });
    // The detail's URL is signed and loads as is (no broken photos on the page).
    const fromDetail = await fetchUrl(listed!.url);
    expect(fromDetail.status).toBe(200);
    expect(sniffImage(fromDetail.bytes)).toBe('webp');
    const anon = await call(s, 'GET', `/sights/images/sign/${img.path}`, a.anon);
    expect(anon.status).toBe(200);
    expect(anon.body.status).toBe('approved');
    const media = await call(s, 'GET', `/media/sign?media_id=${img.id}`, a.anon);
    expect(media.status).toBe(200);
    const file = await fetchUrl(media.body.url);
    expect(file.status).toBe(200);
    expect((await sharp(file.bytes).metadata()).width).toBe(120);
    // Listed on its own sight only.
    expect(await listIds(null, OTHER_SIGHT)).not.toContain(img.id);
  });

  it('sign routes answer 404 for unknown images and 400 without media_id', async () => {
    expect(
      (
        await call(
          s,
          'GET',
          '/sights/images/sign/sight-images/2020/01/00000000-0000-4000-8000-000000000000.webp',
          a.admin,
        )
      ).status,
    ).toBe(404);
    expect((await call(s, 'GET', '/sights/images/sign/..%2F..%2Fetc%2Fpasswd', a.admin)).status).toBe(404);
    expect((await call(s, 'GET', '/media/sign', a.admin)).status).toBe(400);
    expect((await call(s, 'GET', `/media/sign?media_id=${'0'.repeat(36)}`, a.admin)).status).toBe(404);
  });
});

describe('DELETE /sights/:id/images/:imageId', () => {
  it('lets the uploader delete (row and file gone), refuses others with 401/403/404/400', async () => {
    const img = (await upload(SIGHT, a.user, await png(50, 50, '#0f0'))).body.image;
    const signed = (await call(s, 'GET', `/sights/images/sign/${img.path}`, a.user)).body.url as string;
    const del = (actor: Actor, sight = SIGHT, id = img.id) =>
      call(s, 'DELETE', `/sights/${sight}/images/${id}`, actor);
    expect((await del(a.anon)).status).toBe(401);
    expect((await del(a.other)).status).toBe(403);
    expect((await del(a.user, SIGHT, 'not-a-uuid')).status).toBe(400);
    expect((await del(a.user, OTHER_SIGHT)).status).toBe(404);
    const ok = await del(a.user);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, id: img.id });
    expect(fs.existsSync(path.join(mediaDir, img.path))).toBe(false);
    expect(await listIds(a.user)).not.toContain(img.id);
    expect((await fetchUrl(signed)).status).toBe(404);
    expect((await call(s, 'GET', `/sights/images/sign/${img.path}`, a.user)).status).toBe(404);
    expect((await del(a.user)).status).toBe(404);
  });

  it("lets an admin delete another user's image and records it in the audit log", async () => {
    const img = (await upload(SIGHT, a.other, await png(50, 50, '#f0f'))).body.image;
    const r = await call(s, 'DELETE', `/sights/${SIGHT}/images/${img.id}`, a.admin);
    expect(r.status).toBe(200);
    const log = await s.db.query<{ action: string; admin_id: string }>(
      'SELECT action, admin_id FROM public.admin_audit_log WHERE target_id = $1',
      [img.id],
    );
    expect(log.rows).toEqual([{ action: 'image.delete', admin_id: a.admin.id }]);
    expect(fs.existsSync(path.join(mediaDir, img.path))).toBe(false);
  });
});

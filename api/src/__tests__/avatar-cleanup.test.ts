import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../testing/test-server';
import { jpegWithGps } from '../testing/images';
import { createUser } from '../testing/create-user';
import { cleanStoredAvatars } from '../services/avatar-cleanup';
import { saveAvatar } from '../services/subscription-account';

/**
 * Avatars stored before uploads were re-encoded: the one-off clean-up (`pnpm --filter api avatars:clean`) leaves
 * none with the uploader's EXIF, gives changed ones a new address, removes what cannot be decoded, and leaves
 * already clean ones alone.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 120_000);
afterAll(async () => s?.close());

const urlOf = (id: string, v: number) => `${s.url}/avatars/${id}?v=${v}`;
const profileUrl = async (id: string) =>
  (
    await s.db.query<{ avatar_url: string | null }>('SELECT avatar_url FROM public.profiles WHERE id = $1', [
      id,
    ])
  ).rows[0]?.avatar_url;

describe('cleaning stored avatars', () => {
  it('re-encodes the ones with metadata, removes unreadable ones, and is idempotent', async () => {
    const withGps = await jpegWithGps(1200, 800);
    const clean = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123' } })
      .webp()
      .toBuffer();
    const [old, fine, broken] = [await createUser(s.db), await createUser(s.db), await createUser(s.db)];
    await saveAvatar(s.db, old.id, 'image/jpeg', withGps, urlOf(old.id, 1));
    await saveAvatar(s.db, fine.id, 'image/webp', clean, urlOf(fine.id, 2));
    await saveAvatar(
      s.db,
      broken.id,
      'image/png',
      Buffer.from('\x89PNG\r\n\x1a\n not really'),
      urlOf(broken.id, 3),
    );

    // As stored before the change, the picture hands out the position to anyone.
    const before = Buffer.from(await (await fetch(urlOf(old.id, 1))).arrayBuffer());
    expect((await sharp(before).metadata()).exif).toBeDefined();

    const first = await cleanStoredAvatars(s.db, () => 1_700_000_000_000);
    expect(first).toMatchObject({ reencoded: 1, removed: 1 });
    expect(first.checked).toBeGreaterThanOrEqual(3);

    const newUrl = await profileUrl(old.id);
    expect(newUrl).toBe(urlOf(old.id, 1_700_000_000_000));
    const served = await fetch(newUrl!);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('TrackerCam'))).toBe(false);
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);

    // The clean one keeps its bytes and address; the unreadable one is gone with its address.
    expect(await profileUrl(fine.id)).toBe(urlOf(fine.id, 2));
    expect(Buffer.from(await (await fetch(urlOf(fine.id, 2))).arrayBuffer()).equals(clean)).toBe(true);
    expect(await profileUrl(broken.id)).toBeNull();
    expect((await fetch(urlOf(broken.id, 3))).status).toBe(404);

    const again = await cleanStoredAvatars(s.db, () => 1_800_000_000_000);
    expect(again).toMatchObject({ reencoded: 0, removed: 0 });
    expect(await profileUrl(old.id)).toBe(urlOf(old.id, 1_700_000_000_000));
  });
});

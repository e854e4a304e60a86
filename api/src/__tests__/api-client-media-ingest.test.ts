import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ImageDeleteResponse,
  ImageUploadResponse,
  RUNTIME_CONFIG_GLOBAL,
  SightImagesResponse,
  SightIngestResponse,
  SignedUrlResponse,
} from '@wayfarer/contracts';
import {
  ApiError,
  deleteSightImage,
  ingestSights,
  listSightImages,
  mediaUrl,
  signMedia,
  signSightImage,
  uploadSightImage,
} from '@wayfarer/api-client';
// The real API in-process: the client calls (@wayfarer/api-client) and the server's answers are checked against the
// shared schemas. Here, not in packages/api-client: a package never imports an app.
import { startTestServer, type TestServer } from '../testing/test-server';
import { actors, type Actor } from './product-helpers';

let s: TestServer;
let a: Record<'anon' | 'user' | 'other' | 'admin', Actor>;
let mediaDir: string;
const g = globalThis as unknown as Record<string, unknown>;

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-client-media-'));
  s = await startTestServer({
    seed: true,
    config: { media: { dir: mediaDir, urlTtlSeconds: 600, maxBytes: 10 * 1024 * 1024 } },
  });
  a = await actors(s);
  // resolveApiBase reads the browser's host name and runtime config.
  g.window = { location: { hostname: 'localhost' }, [RUNTIME_CONFIG_GLOBAL]: { apiUrl: s.url } };
}, 120_000);
afterAll(async () => {
  delete g.window;
  await s?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

// A 2x2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVR4nGP4z8DwnwGM/zMwAAAf7gP9NRsAMwAAAABJRU5ErkJggg==',
  'base64',
);

describe('api-client media and ingest calls against the API', () => {
  it('ingests around a point and answers in the contract shape', async () => {
    const r = await ingestSights(
      { lat: 37.7749, lon: -122.4194, km: 3, source: 'explore', publish: true, categories: [] },
      a.user.token,
    );
    expect(SightIngestResponse.parse(r)).toMatchObject({ ok: true, source: 'local' });
    expect(r.inserted).toBeGreaterThan(0);
    await expect(ingestSights({ lat: 37.7, lon: -122.4 }, null)).rejects.toMatchObject({
      status: 401,
      message: 'Authentication required',
    });
  });

  it('uploads, lists, signs and deletes an image with the shapes of the contract', async () => {
    const up = ImageUploadResponse.parse(
      await uploadSightImage(
        'wd-Q243',
        new Blob([new Uint8Array(PNG)], { type: 'image/png' }),
        a.user.token,
        'tiny.png',
      ),
    );
    expect(up.image).toMatchObject({ status: 'pending', user_id: a.user.id, width: 2, height: 2 });
    const mine = SightImagesResponse.parse(await listSightImages('wd-Q243', a.user.token));
    expect(mine.items.map((i) => i.id)).toContain(up.image.id);
    expect((await listSightImages('wd-Q243')).items.map((i) => i.id)).not.toContain(up.image.id);

    const signed = SignedUrlResponse.parse(await signSightImage(up.image.path, a.user.token));
    expect((await fetch(mediaUrl(signed.url))).status).toBe(200);
    const byId = SignedUrlResponse.parse(await signMedia(up.image.id, a.admin.token));
    expect(byId.path).toBe(up.image.path);
    const denied = await signSightImage(up.image.path, a.other.token).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(ApiError);
    expect(denied).toMatchObject({ status: 403, message: 'This image is not public yet' });

    await expect(deleteSightImage('wd-Q243', up.image.id, a.other.token)).rejects.toMatchObject({
      status: 403,
    });
    expect(ImageDeleteResponse.parse(await deleteSightImage('wd-Q243', up.image.id, a.user.token)).id).toBe(
      up.image.id,
    );
  });

  it('mediaUrl makes API-relative paths absolute and leaves absolute ones alone', () => {
    expect(mediaUrl('/sights/images/file/x.webp?exp=1&sig=a')).toBe(
      `${s.url}/sights/images/file/x.webp?exp=1&sig=a`,
    );
    expect(mediaUrl('https://cdn.example/x.webp')).toBe('https://cdn.example/x.webp');
  });
});

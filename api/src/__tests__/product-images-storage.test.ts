import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/env';
import { startTestServer, type TestServer } from '../testing/test-server';
import { supabaseMediaStore } from '../services/media-store';
import { sniffImage } from '../services/image-process';
import { actors, call, type Actor } from './product-helpers';

/**
 * A local stand-in for Supabase Storage's object API (never the internet): POST/GET /storage/v1/object/<bucket>/<path>
 * and DELETE /storage/v1/object/<bucket> with {prefixes}, the service-role key required, and the older
 * "400 with statusCode 404" answer for a missing object.
 */
const KEY = 'service-role-key-for-tests';
const BUCKET = 'sight-media';
const objects = new Map<string, Buffer>();
const seen: string[] = [];
const storage = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push(`${req.method} ${req.url}`);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers.authorization !== `Bearer ${KEY}` || req.headers.apikey !== KEY)
      return json(403, { statusCode: '403', error: 'Unauthorized' });
    const prefix = `/storage/v1/object/${BUCKET}`;
    const url = decodeURIComponent(req.url ?? '');
    if (!url.startsWith(prefix)) return json(400, { statusCode: '404', error: 'Bucket not found' });
    const key = url.slice(prefix.length + 1);
    const body = Buffer.concat(chunks);
    if (req.method === 'POST') {
      if (objects.has(key) && req.headers['x-upsert'] !== 'true')
        return json(400, { statusCode: '409', error: 'Duplicate' });
      objects.set(key, body);
      return json(200, { Key: `${BUCKET}/${key}` });
    }
    if (req.method === 'GET') {
      const obj = objects.get(key);
      if (!obj) return json(400, { statusCode: '404', error: 'not_found', message: 'Object not found' });
      return res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(obj);
    }
    if (req.method === 'DELETE' && key === '') {
      const { prefixes } = JSON.parse(body.toString('utf8')) as { prefixes: string[] };
      for (const p of prefixes) objects.delete(p);
      return json(
        200,
        prefixes.map((name) => ({ name })),
      );
    }
    return json(405, { error: 'method not allowed' });
  });
});

let storageUrl: string;
let s: TestServer;
let a: Record<'anon' | 'user' | 'other' | 'admin', Actor>;
beforeAll(async () => {
  await new Promise<void>((r) => storage.listen(0, '127.0.0.1', r));
  storageUrl = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
  const cfg = loadConfig({
    NODE_ENV: 'test',
    SUPABASE_URL: storageUrl,
    SUPABASE_SERVICE_ROLE_KEY: KEY,
    MEDIA_STORAGE_BUCKET: BUCKET,
  });
  s = await startTestServer({ seed: true, config: { media: cfg.media } });
  a = await actors(s);
}, 120_000);
afterAll(async () => {
  await s?.close();
  await new Promise((r) => storage.close(r));
});

describe('media in Supabase Storage (MEDIA_STORAGE_BUCKET + SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY)', () => {
  it('is chosen by configuration only when all three are set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).media.storage).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: 'test', SUPABASE_URL: storageUrl, MEDIA_STORAGE_BUCKET: BUCKET }).media.storage,
    ).toBeUndefined();
    expect(s.config.media.storage).toEqual({ url: storageUrl, bucket: BUCKET, serviceKey: KEY });
  });

  it('stores an upload in the bucket, serves it through the signed file route, and removes it on delete', async () => {
    const png = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#246' } })
      .png()
      .toBuffer();
    const fd = new FormData();
    fd.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const up = await fetch(`${s.url}/sights/wd-Q243/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.user.token}` },
      body: fd,
    });
    expect(up.status).toBeLessThan(300);
    const { image } = (await up.json()) as { image: { id: string; path: string } };
    expect(objects.has(image.path)).toBe(true);
    expect(sniffImage(objects.get(image.path)!)).toBe('webp');

    const signed = await call(s, 'GET', `/sights/images/sign/${image.path}`, a.user);
    expect(signed.status).toBe(200);
    const file = await fetch(signed.body.url);
    expect(file.status).toBe(200);
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(90);

    const del = await call(s, 'DELETE', `/sights/wd-Q243/images/${image.id}`, a.user);
    expect(del.status).toBeLessThan(300);
    expect(objects.has(image.path)).toBe(false);
    expect(seen.some((l) => l.startsWith(`DELETE /storage/v1/object/${BUCKET}`))).toBe(true);
  });

  it('the store: a missing object is null, a wrong key is an error, unsafe paths never reach the service', async () => {
    const store = supabaseMediaStore({ url: storageUrl, bucket: BUCKET, serviceKey: KEY });
    expect(await store.get('nope/missing.webp')).toBeNull();
    await store.put('t/a.bin', Buffer.from('one'));
    await store.put('t/a.bin', Buffer.from('two')); // upsert
    expect((await store.get('t/a.bin'))!.toString()).toBe('two');
    await store.remove('t/a.bin');
    await store.remove('t/a.bin'); // missing is not an error
    expect(await store.get('t/a.bin')).toBeNull();
    const wrong = supabaseMediaStore({ url: storageUrl, bucket: BUCKET, serviceKey: 'wrong' });
    await expect(wrong.put('t/b.bin', Buffer.from('x'))).rejects.toThrow(/upload failed: HTTP 403/);
    const before = seen.length;
    await expect(store.get('../etc/passwd')).rejects.toThrow(/unsafe storage path/);
    expect(seen.length).toBe(before);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/env';
import { localMediaStore, mediaStoreFor, s3MediaStore, type MediaStore } from '../services/media-store';
import { startLocalS3, type LocalS3 } from '../testing/s3-server';

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let s3: LocalS3;
let dir: string;
beforeAll(async () => {
  s3 = await startLocalS3({ bucket: 'conformance' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfarer-media-'));
}, 30_000);
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every store behaves the same to its callers: the API copies and workers only see this interface. */
describe.each([
  ['the local media directory', () => localMediaStore(dir)],
  ['an S3-compatible bucket', () => s3MediaStore(s3.options)],
] as const)('%s', (_name, make) => {
  let store: MediaStore;
  beforeAll(() => {
    store = make();
  });

  it('keeps the bytes it was given, and reports a missing object as null', async () => {
    await store.put('guide-audio/g1/s1.mp3', Buffer.from('0123456789abcdef'));
    expect((await store.get('guide-audio/g1/s1.mp3'))?.toString()).toBe('0123456789abcdef');
    expect(await store.get('guide-audio/g1/missing.mp3')).toBeNull();
    expect(await store.stat('guide-audio/g1/missing.mp3')).toBeNull();
    expect(await store.read('guide-audio/g1/missing.mp3')).toBeNull();
  });

  it('overwrites in place and reports the size', async () => {
    await store.put('sight-images/a/b.webp', Buffer.from('first version'));
    await store.put('sight-images/a/b.webp', Buffer.from('second'));
    const info = await store.stat('sight-images/a/b.webp');
    expect(info?.size).toBe(6);
    expect(info?.modified.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('streams a whole object or an inclusive byte range, with the whole size', async () => {
    await store.put('guide-audio/g2/s1.mp3', Buffer.from('0123456789'));
    const whole = await store.read('guide-audio/g2/s1.mp3');
    expect(whole?.size).toBe(10);
    expect(await text(whole!.body)).toBe('0123456789');
    const part = await store.read('guide-audio/g2/s1.mp3', { start: 2, end: 5 });
    expect(part?.size).toBe(10);
    expect(await text(part!.body)).toBe('2345');
  });

  it('removes an object, and removing a missing one is not an error', async () => {
    await store.put('guide-audio/g3/s1.mp3', Buffer.from('x'));
    await store.remove('guide-audio/g3/s1.mp3');
    expect(await store.get('guide-audio/g3/s1.mp3')).toBeNull();
    await expect(store.remove('guide-audio/g3/s1.mp3')).resolves.toBeUndefined();
  });

  it('refuses paths the server would never generate', async () => {
    for (const bad of ['../etc/passwd', '/abs/path', 'a/../../b', 'UPPER/case', 'a//b', '']) {
      await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow(/unsafe storage path/);
    }
  });
});

describe('S3 in the configuration', () => {
  it('S3_* variables select the bucket store, and its objects are in the bucket, not on the disk', async () => {
    const cfg = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, ...s3.env, S3_BUCKET: 'conformance' });
    expect(cfg.media.s3).toMatchObject({
      endpoint: s3.endpoint,
      bucket: 'conformance',
      forcePathStyle: true,
    });
    const store = mediaStoreFor(cfg.media);
    await store.put('guide-audio/cfg/s1.mp3', Buffer.from('from the config'));
    expect(s3.keys()).toContain('guide-audio/cfg/s1.mp3');
    expect(fs.existsSync(path.join(cfg.media.dir, 'guide-audio', 'cfg', 's1.mp3'))).toBe(false);
  });

  it('half an S3 configuration is refused with the variable to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY is not set, but S3_BUCKET asks for S3 object storage/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_ENDPOINT is set but S3_BUCKET is not/,
    );
  });

  it('a store that cannot reach its bucket fails with the operation, the path and the bucket named', async () => {
    const store = s3MediaStore({ ...s3.options, bucket: 'no-such-bucket' });
    await expect(store.put('guide-audio/x/s1.mp3', Buffer.from('x'))).rejects.toThrow(
      /S3 upload of guide-audio\/x\/s1\.mp3 in bucket no-such-bucket failed/,
    );
  });
});

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { anonKey } from '../auth/jwt';
import { loadConfig } from '../config/env';
import Fastify from 'fastify';
import {
  COMPRESS_THRESHOLD,
  compressedCopyStats,
  negotiateEncoding,
  registerCompression,
} from '../http/compression';
import { createUser } from '../testing/create-user';
import { startTestServer, type TestServer } from '../testing/test-server';

let s: TestServer;
let dataDir: string;
const NEARBY = '/sights/nearby?lat=48.8584&lon=2.2945&km=5';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-compress-'));
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  s = await startTestServer({ seed: true, config: { dataDir, media: base.media } });
  // The first nearby call builds the in-memory index; the tests below are about its (fast) answer.
  await fetch(`${s.url}${NEARBY}`);
  await s.app.deps.sightIndex.settled();
}, 120_000);
afterAll(async () => {
  await s?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (fetch would decode it). */
  body: Buffer;
}

/** One request over a fresh connection, without any Accept-Encoding unless given, the body left as sent. */
function raw(method: string, url: string, headers: Record<string, string> = {}, base = s.url): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (r: Raw): Buffer => {
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(r.body);
  if (enc === 'gzip') return zlib.gunzipSync(r.body);
  expect(enc).toBeUndefined();
  return r.body;
};
const vary = (r: Raw) =>
  String(r.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim());

describe('answer compression (Accept-Encoding: br, gzip)', () => {
  it('compresses the nearby answer with br; it decodes to the same bytes and JSON as the uncompressed answer', async () => {
    const plain = await raw('GET', NEARBY);
    expect(plain.status).toBe(200);
    expect(plain.headers['x-nearby-source']).toBe('index');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(20_000);
    const br = await raw('GET', NEARBY, { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers['x-nearby-source']).toBe('index');
    expect(vary(br)).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(decode(br).equals(plain.body)).toBe(true);
    const items = (JSON.parse(decode(br).toString('utf8')) as { items: Array<{ name: string }> }).items;
    expect(items.some((i) => i.name === 'Eiffel Tower')).toBe(true);
    expect(JSON.parse(decode(br).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('compresses with gzip for a client that only takes gzip, and picks br for a browser', async () => {
    const plain = await raw('GET', NEARBY);
    const gz = await raw('GET', NEARBY, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(vary(gz)).toContain('accept-encoding');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(gz.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(decode(gz).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    expect(decode(gz).equals(plain.body)).toBe(true);
    // What Chromium sends; q-values are honoured; encodings the API does not offer get the plain answer.
    expect(
      (await raw('GET', NEARBY, { 'accept-encoding': 'gzip, deflate, br, zstd' })).headers[
        'content-encoding'
      ],
    ).toBe('br');
    expect(
      (await raw('GET', NEARBY, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding'],
    ).toBe('gzip');
    for (const ae of ['identity', 'deflate', 'compress', 'br;q=0']) {
      const r = await raw('GET', NEARBY, { 'accept-encoding': ae });
      expect([ae, r.status, r.headers['content-encoding']]).toEqual([ae, 200, undefined]);
      expect(r.body.equals(plain.body)).toBe(true);
    }
  });

  it('compresses a repeated nearby answer once per encoding, and a changed answer afresh', async () => {
    const first = await raw('GET', NEARBY, { 'accept-encoding': 'br' });
    const reused = compressedCopyStats.reused;
    const again = await raw('GET', NEARBY, { 'accept-encoding': 'br' });
    expect(compressedCopyStats.reused).toBe(reused + 1);
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers['content-encoding']).toBe('br');
    expect(Number(again.headers['content-length'])).toBe(again.body.length);
    // Another place: another answer, compressed for itself.
    const made = compressedCopyStats.made;
    const rome = await raw('GET', '/sights/nearby?lat=41.8902&lon=12.4922&km=5', { 'accept-encoding': 'br' });
    expect(compressedCopyStats.made).toBe(made + 1);
    expect(
      JSON.parse(decode(rome).toString('utf8')).items.some((i: { name: string }) => i.name === 'Colosseum'),
    ).toBe(true);
  });

  it('sends a route that says compress: false as it is, even a large JSON body sent again', async () => {
    const app = Fastify();
    await registerCompression(app);
    const body = Buffer.from(JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i })) }));
    app.get('/raw', { compress: false }, (_req, reply) => reply.type('application/json').send(body));
    app.get('/packed', (_req, reply) => reply.type('application/json').send(body));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as import('node:net').AddressInfo).port}`;
      for (let i = 0; i < 2; i++) {
        const r = await raw('GET', '/raw', { 'accept-encoding': 'br' }, base);
        expect(r.headers['content-encoding']).toBeUndefined();
        expect(r.body.equals(body)).toBe(true);
        const p = await raw('GET', '/packed', { 'accept-encoding': 'br' }, base);
        expect(p.headers['content-encoding']).toBe('br');
        expect(decode(p).equals(body)).toBe(true);
      }
    } finally {
      await app.close();
    }
  });

  it('picks the encoding the client weighs most, br at equal weight', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    for (const none of [undefined, '', 'identity', 'deflate', 'br;q=0', 'gzip;q=0.0'])
      expect(negotiateEncoding(none)).toBeNull();
  });

  it('says Vary: Accept-Encoding on the uncompressed answer too (a cache must not hand it to every client), keeping Origin', async () => {
    const plain = await raw('GET', NEARBY);
    expect(vary(plain)).toContain('accept-encoding');
    const cors = await raw('GET', NEARBY, { 'accept-encoding': 'br', origin: 'http://localhost:3000' });
    expect(cors.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(vary(cors)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
    expect(vary(cors).filter((v) => v === 'accept-encoding')).toHaveLength(1);
  });

  it('compresses the SQL answer of nearby alike (NEARBY_INDEX=sql)', async () => {
    const sql = await startTestServer({ seed: true, config: { nearbyIndex: 'sql' } });
    try {
      const plain = await raw('GET', NEARBY, {}, sql.url);
      expect(plain.headers['x-nearby-source']).toBe('sql');
      const br = await raw('GET', NEARBY, { 'accept-encoding': 'br' }, sql.url);
      expect([br.status, br.headers['x-nearby-source'], br.headers['content-encoding']]).toEqual([
        200,
        'sql',
        'br',
      ]);
      expect(JSON.parse(decode(br).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
      // Same items as the index answers.
      expect(JSON.parse(decode(br).toString('utf8'))).toEqual(
        JSON.parse((await raw('GET', NEARBY)).body.toString('utf8')),
      );
    } finally {
      await sql.close();
    }
  }, 60_000);

  it(`leaves answers under ${COMPRESS_THRESHOLD} bytes alone`, async () => {
    for (const url of [
      '/health',
      '/sights/nearby?lat=0&lon=-30&km=1',
      '/sights/nearby?lat=48.8584&lon=2.2945&km=5&limit=1',
    ]) {
      const plain = await raw('GET', url);
      expect(plain.status).toBe(200);
      expect(plain.body.length).toBeLessThan(COMPRESS_THRESHOLD);
      for (const ae of ['br', 'gzip', 'gzip, deflate, br']) {
        const r = await raw('GET', url, { 'accept-encoding': ae });
        expect([url, ae, r.status, r.headers['content-encoding']]).toEqual([url, ae, 200, undefined]);
        expect(Number(r.headers['content-length'])).toBe(plain.body.length);
        expect(r.body.equals(plain.body)).toBe(true);
        expect(vary(r)).not.toContain('accept-encoding');
      }
    }
  });

  it('answers HEAD with the headers of the uncompressed answer and no body', async () => {
    const plain = await raw('GET', NEARBY);
    for (const ae of [undefined, 'br', 'gzip']) {
      const h = await raw('HEAD', NEARBY, ae ? { 'accept-encoding': ae } : {});
      expect([ae, h.status, h.body.length, h.headers['content-encoding']]).toEqual([ae, 200, 0, undefined]);
      expect(Number(h.headers['content-length'])).toBe(plain.body.length);
      expect(h.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(vary(h)).toContain('accept-encoding');
    }
  });

  it('keeps error answers right: status, JSON body, compressed only when large', async () => {
    for (const [url, status] of [
      ['/sights/nearby?lat=abc&lon=2', 400],
      ['/sights/nearby?lat=91&lon=2', 400],
      ['/sights/detail/nope-123', 404],
      ['/no/such/route', 404],
    ] as const) {
      const plain = await raw('GET', url);
      const br = await raw('GET', url, { 'accept-encoding': 'br' });
      expect([url, plain.status, br.status]).toEqual([url, status, status]);
      expect(br.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(decode(br).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
      if (plain.body.length < COMPRESS_THRESHOLD) expect(br.headers['content-encoding']).toBeUndefined();
    }
  });

  it('never compresses media: guide audio goes out as stored, with its ranges, ETag and 304', async () => {
    // A WAV (very compressible, and of a type a generic rule might compress) as a sight's own station audio.
    const pcm = Buffer.alloc(20_000);
    const wav = Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE', 'latin1'), pcm]);
    const rel = 'guide-audio/compress-test/station.wav';
    fs.mkdirSync(path.join(s.config.media.dir, 'guide-audio', 'compress-test'), { recursive: true });
    fs.writeFileSync(path.join(s.config.media.dir, rel), wav);
    const eiffel = (
      await s.db.query<{ id: string }>("SELECT id FROM public.sights WHERE name = 'Eiffel Tower'")
    ).rows[0]!.id;
    const id = '6f1e2d3c-0000-4000-8000-0000000000c1';
    await s.db.query(
      `INSERT INTO public.stations (id, sight_id, position, title, text, audio_path, audio_mime) VALUES ($1, $2, 99, 'Test', 'Test.', $3, 'audio/wav')`,
      [id, eiffel, rel],
    );
    try {
      const url = `/guides/audio/${id}`;
      const full = await raw('GET', url, { 'accept-encoding': 'gzip, deflate, br' });
      expect([full.status, full.headers['content-type'], full.headers['content-encoding']]).toEqual([
        200,
        'audio/wav',
        undefined,
      ]);
      expect(Number(full.headers['content-length'])).toBe(wav.length);
      expect(full.body.equals(wav)).toBe(true);
      expect(vary(full)).not.toContain('accept-encoding');
      const part = await raw('GET', url, { 'accept-encoding': 'br', range: 'bytes=0-3999' });
      expect([
        part.status,
        part.headers['content-range'],
        part.headers['content-encoding'],
        part.body.length,
      ]).toEqual([206, `bytes 0-3999/${wav.length}`, undefined, 4000]);
      const etag = String(full.headers.etag);
      const cached = await raw('GET', url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect([cached.status, cached.body.length, cached.headers['content-encoding']]).toEqual([
        304,
        0,
        undefined,
      ]);
      const head = await raw('HEAD', url, { 'accept-encoding': 'br' });
      expect([
        head.status,
        head.body.length,
        head.headers['content-encoding'],
        Number(head.headers['content-length']),
      ]).toEqual([200, 0, undefined, wav.length]);
    } finally {
      await s.db.query('DELETE FROM public.stations WHERE id = $1', [id]);
    }
  });

  it('serves supabase-js through /auth/v1 and /rest/v1 with compressed answers', async () => {
    const key = await anonKey(s.config.jwtSecret);
    const seen: Array<{ path: string; encoding: string | null }> = [];
    // A browser-like client: asks for br and gzip, records what came back (fetch decodes it for supabase-js).
    const browserFetch: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('accept-encoding', 'br, gzip');
      const url = new URL(input instanceof Request ? input.url : String(input));
      const res = await fetch(input, { ...init, headers });
      seen.push({ path: url.pathname, encoding: res.headers.get('content-encoding') });
      return res;
    };
    const user = await createUser(s.db, { profile: { display_name: 'Compressed Reader' } });
    const m = new Map<string, string>();
    const sb = createClient(s.url, key, {
      global: { fetch: browserFetch },
      auth: {
        storage: {
          getItem: (k) => m.get(k) ?? null,
          setItem: (k, v) => void m.set(k, v),
          removeItem: (k) => void m.delete(k),
        },
        autoRefreshToken: false,
        detectSessionInUrl: false,
      },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const signIn = await sb.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(user.id);
    const me = await sb.auth.getUser();
    expect(me.data.user?.email).toBe(user.email);
    // A row over the threshold within the names' 100-character bounds: characters of four UTF-8 bytes each.
    const long = (c: string) => c.repeat(100);
    const names = {
      display_name: long('\u{1D4D2}'),
      first_name: long('\u{1D4D5}'),
      last_name: long('\u{1D4E1}'),
    };
    const up = await sb
      .from('profiles')
      .upsert({ id: user.id, ...names }, { onConflict: 'id' })
      .select('id, display_name, first_name, last_name')
      .single();
    expect(up.error).toBeNull();
    expect(up.data).toEqual({ id: user.id, ...names });
    const read = await sb
      .from('profiles')
      .select('display_name, first_name, last_name')
      .eq('id', user.id)
      .single();
    expect(read.error).toBeNull();
    expect(read.data).toEqual(names);
    expect((await sb.auth.signOut()).error).toBeNull();
    // The session answer and the long profile rows came compressed; supabase-js read them all the same.
    expect(seen.find((x) => x.path === '/auth/v1/token')?.encoding).toBe('br');
    expect(seen.filter((x) => x.path === '/rest/v1/profiles').map((x) => x.encoding)).toEqual(['br', 'br']);
  });
});

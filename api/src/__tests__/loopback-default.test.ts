import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config/env';
import { isLoopbackPeer, registerMailbox } from '../http/mailbox';
import { installRouteContract } from '../http/route-contract';
import { LOOPBACK_ADDRESSES, listeningAddresses } from '../testing/listening';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * A development API holds every sign-up code in its mailbox (/dev/mailbox.json): it listens on this machine's
 * loopback interfaces unless HOST says otherwise, its mailbox answers peers on this machine only, and a production
 * API has no mailbox at all.
 */
describe('HOST', () => {
  it('defaults to loopback (localhost) in development and production alike; HOST=0.0.0.0 is an explicit choice', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '' }).host).toBe('localhost');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'a-real-production-secret-of-more-than-32-characters',
      }).host,
    ).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('the default binds the loopback addresses only, as the API entry listens (Fastify listens on each address localhost names)', async () => {
    const app = Fastify();
    app.get('/health', async () => ({ ok: true }));
    await app.listen({ port: 0, host: loadConfig({ NODE_ENV: 'development' }).host });
    try {
      const { port } = app.server.address() as AddressInfo;
      const addresses = listeningAddresses(port);
      expect(addresses.length).toBeGreaterThan(0);
      for (const a of addresses) expect(LOOPBACK_ADDRESSES.has(a)).toBe(true);
      // What the browser apps, the CLIs and the tests use reaches it.
      expect((await fetch(`http://localhost:${port}/health`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('the development mailbox', () => {
  let s: TestServer;
  /** The mailbox routes on their own server, where a test hook plays the peer's address (x-test-peer). */
  let mailbox: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    s = await startTestServer();
    mailbox = Fastify();
    mailbox.addHook('onRequest', async (req) => {
      const peer = req.headers['x-test-peer'];
      Object.defineProperty(req.socket, 'remoteAddress', {
        value: typeof peer === 'string' ? peer : '127.0.0.1',
        configurable: true,
      });
    });
    installRouteContract(mailbox, s.app.deps);
    await registerMailbox(mailbox, s.app.deps);
    await mailbox.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(mailbox.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await mailbox?.close();
    await s?.close();
  });

  const get = (path: string, peer: string, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, { headers: { 'x-test-peer': peer, ...headers } });

  it('knows a peer on this machine', () => {
    for (const a of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])
      expect([a, isLoopbackPeer(a)]).toEqual([a, true]);
    for (const a of [
      '192.168.1.20',
      '10.0.0.7',
      '0.0.0.0',
      '::',
      'fe80::1',
      '::ffff:192.168.1.20',
      '127.0.0.1.evil',
      undefined,
    ])
      expect([a, isLoopbackPeer(a)]).toEqual([a, false]);
  });

  it('answers a peer on this machine (IPv4, IPv6, IPv4-mapped)', async () => {
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect([peer, (await get('/dev/mailbox.json', peer)).status]).toEqual([peer, 200]);
      expect([peer, (await get('/dev/mailbox', peer)).status]).toEqual([peer, 200]);
    }
  });

  it('is a missing route to a peer on the network, whatever X-Forwarded-For claims', async () => {
    for (const peer of ['192.168.1.20', '10.0.0.7', 'fe80::1', '::ffff:192.168.1.20']) {
      const r = await get('/dev/mailbox.json?to=admin@wayfarer.local', peer, {
        'x-forwarded-for': '127.0.0.1',
      });
      expect([peer, r.status]).toEqual([peer, 404]);
      expect(await r.json()).toEqual({
        error: 'Not found',
        message: 'Route GET /dev/mailbox.json not found',
      });
      expect((await get('/dev/mailbox', peer)).status).toBe(404);
    }
  });

  it('is never registered in production', async () => {
    const app = Fastify();
    await registerMailbox(app, { ...s.app.deps, config: { ...s.config, nodeEnv: 'production' } });
    await app.ready();
    expect(app.hasRoute({ method: 'GET', url: '/dev/mailbox.json' })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/dev/mailbox' })).toBe(false);
    await app.close();
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clusterE2eOffset } from '../../../e2e/src/offset';
import {
  apiCopyEnv,
  clusterPorts,
  clusterReadyUrls,
  copyName,
  nginxConfig,
  postgresInitdb,
} from '../cluster';

describe('pnpm start:cluster', () => {
  it('puts the balancer on the API port and the copies, PostgreSQL and S3 beside it, all moved by the offset', () => {
    expect(clusterPorts()).toEqual({ balancer: 4000, apis: [4101, 4102], postgres: 55433, s3: 4569 });
    expect(clusterPorts(300)).toEqual({ balancer: 4300, apis: [4401, 4402], postgres: 55733, s3: 4869 });
  });

  it('balances every API copy and retries only what nginx may resend: failed connections, time-outs and 502-504', () => {
    const conf = nginxConfig({ listen: 4000, upstreams: [4101, 4102], prefix: '/x' });
    expect(conf).toContain('listen 127.0.0.1:4000;');
    expect(conf.match(/server 127\.0\.0\.1:\d+ max_fails=1 fail_timeout=5s;/g)).toEqual([
      'server 127.0.0.1:4101 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:4102 max_fails=1 fail_timeout=5s;',
    ]);
    // Without non_idempotent: a POST that reached a copy is never sent to the other one.
    expect(conf).toContain('proxy_next_upstream error timeout http_502 http_503 http_504;');
    expect(conf).not.toContain('non_idempotent');
    // An unprivileged nginx: every file it writes is under the prefix.
    for (const line of conf.split('\n').filter((l) => /_path |pid /.test(l))) expect(line).toContain('/x/');
  });

  it('tells each copy the client nginx forwards, and trusts that header only from nginx', () => {
    const conf = nginxConfig({ listen: 4000, upstreams: [4101, 4102], prefix: '/x' });
    expect(conf).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(conf).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    const ports = clusterPorts(300);
    const copies = ports.apis.map((_, i) => apiCopyEnv(ports, i));
    expect(copies).toEqual([
      { PORT: '4401', HOST: '127.0.0.1', API_COPY_NAME: 'api-1', TRUST_PROXY: '127.0.0.1' },
      { PORT: '4402', HOST: '127.0.0.1', API_COPY_NAME: 'api-2', TRUST_PROXY: '127.0.0.1' },
    ]);
    // nginx reaches each copy on the address it listens on, and that is the one address the copy trusts.
    const balanced = nginxConfig({ listen: ports.balancer, upstreams: ports.apis, prefix: '/x' });
    for (const c of copies) {
      expect(c.TRUST_PROXY).toBe(c.HOST);
      expect(balanced).toContain(`server ${c.TRUST_PROXY}:${c.PORT} `);
    }
    expect(new Set(copies.map((c) => c.API_COPY_NAME)).size).toBe(2);
    expect(copyName(0)).toBe('api-1');
  });

  it('uses no port that fetch (Node, the browser) refuses, for pnpm start:cluster and for the cluster browser tests', () => {
    // The Fetch standard's bad ports (https://fetch.spec.whatwg.org/#bad-port) from 1000 up: a balancer on 6000
    // (offset 2000) answered curl but never fetch, and the cluster tests waited for it in vain.
    const BAD = [
      1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679,
      6697, 10080,
    ];
    for (const offset of [0, clusterE2eOffset()]) {
      const urls = clusterReadyUrls(clusterPorts(offset), offset);
      const ports = urls.map((u) => Number(new URL(u).port));
      expect(ports.filter((p) => BAD.includes(p))).toEqual([]);
    }
  });

  it('is ready once both copies, the balancer, the S3 server and the five apps answer', () => {
    expect(clusterReadyUrls(clusterPorts(300), 300)).toEqual([
      'http://127.0.0.1:4401/health',
      'http://127.0.0.1:4402/health',
      'http://127.0.0.1:4300/health',
      'http://127.0.0.1:4869/',
      'http://127.0.0.1:3300/',
      'http://127.0.0.1:3301/',
      'http://127.0.0.1:3302/',
      'http://127.0.0.1:3303/',
      'http://127.0.0.1:3304/',
    ]);
  });

  it("finds Debian's initdb of any PostgreSQL major, and names a missing path when there is none (so it gets installed)", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'wf-pg-lib-'));
    try {
      expect(postgresInitdb(path.join(root, 'absent'))).toBe(
        path.join(root, 'absent', 'none', 'bin', 'initdb'),
      );
      mkdirSync(path.join(root, '17', 'bin'), { recursive: true });
      expect(postgresInitdb(root)).toBe(path.join(root, 'none', 'bin', 'initdb'));
      writeFileSync(path.join(root, '17', 'bin', 'initdb'), '');
      expect(postgresInitdb(root)).toBe(path.join(root, '17', 'bin', 'initdb'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

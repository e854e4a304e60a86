import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEnv } from '../env';
import { createStaticServer, listenHost } from '../serve';

/**
 * `wf-app serve` and `wf-app dev` serve an app (and its runtime configuration) on this machine's loopback unless
 * HOST says otherwise, as the API does: a development machine does not serve them to the local network.
 */
describe('listenHost', () => {
  it('is loopback (127.0.0.1) unless HOST names another address', () => {
    expect(listenHost({})).toBe('127.0.0.1');
    expect(listenHost({ HOST: '' })).toBe('127.0.0.1');
    // Node listens on the first address a name resolves to (possibly ::1 alone); the cluster checks 127.0.0.1.
    expect(listenHost({ HOST: 'localhost' })).toBe('127.0.0.1');
    expect(listenHost({ HOST: '0.0.0.0' })).toBe('0.0.0.0');
    expect(listenHost({ HOST: '::1' })).toBe('::1');
  });

  it('is where a static server started the way `wf-app serve` starts it listens', async () => {
    const server = createStaticServer({
      root: '/nonexistent',
      spaFallback: false,
      remotes: false,
      env: readEnv({}),
    });
    await new Promise<void>((r) => server.listen(0, listenHost({}), r));
    try {
      expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('is what both `wf-app` commands listen on', () => {
    const cli = fs.readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'cli.ts'),
      'utf8',
    );
    expect(cli).toMatch(/server\.listen\(port, host,/);
    expect(cli).toMatch(/host: listenHost\(\)/);
    expect(cli).not.toMatch(/server\.listen\(port, \(\)/);
  });
});

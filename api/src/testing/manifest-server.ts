import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { REMOTES, SHARED_SINGLETONS, type FederationManifest, type RemoteName } from '@wayfarer/contracts';

/** The shared versions the test shell provides. */
export const TEST_SHELL_VERSIONS: Record<string, string> = Object.fromEntries(
  SHARED_SINGLETONS.map((name) => [name, name.startsWith('@wayfarer/') ? '0.1.0' : '19.2.0']),
);

/** A remote's manifest that keeps the contract (name, entry, exposes, shared singletons within the shell's ranges). */
export function goodManifest(remote: RemoteName): FederationManifest {
  return {
    name: REMOTES[remote].name,
    metaData: { remoteEntry: { name: 'remoteEntry.js' }, publicPath: 'auto' },
    exposes: REMOTES[remote].exposes.map((path) => ({ path, name: path.replace(/^\.\//, '') })),
    shared: SHARED_SINGLETONS.map((name) => ({
      name,
      version: TEST_SHELL_VERSIONS[name],
      singleton: true,
      requiredVersion: `^${TEST_SHELL_VERSIONS[name]}`,
    })),
  };
}

/** What the server answers for a path: a JSON body, a status, or no answer at all (a hanging host). */
export type ManifestAnswer = { json: unknown } | { status: number } | { raw: string } | 'hang';

export interface ManifestServer {
  origin: string;
  /** The answer for a path (`/releases/1.0.0/mf-manifest.json`); unset paths answer 404. */
  set(path: string, answer: ManifestAnswer): void;
  /** `<origin>/releases/<version>/mf-manifest.json`, set to answer `manifest`. */
  publish(version: string, manifest: unknown): string;
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for a remote's static host and the shell: the shell's `/mf-manifest.json` (the
 * shared versions of TEST_SHELL_VERSIONS) and whatever each test publishes.
 */
export async function startManifestServer(): Promise<ManifestServer> {
  const answers = new Map<string, ManifestAnswer>();
  answers.set('/mf-manifest.json', {
    json: {
      name: 'shell',
      exposes: [],
      shared: Object.entries(TEST_SHELL_VERSIONS).map(([name, version]) => ({
        name,
        version,
        singleton: true,
      })),
    },
  });
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const answer = answers.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!answer) return void res.writeHead(404).end('not found');
    if (answer === 'hang') return void hanging.add(res);
    if ('status' in answer) return void res.writeHead(answer.status).end();
    const body = 'raw' in answer ? answer.raw : JSON.stringify(answer.json);
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    set: (path, answer) => void answers.set(path, answer),
    publish(version, manifest) {
      const path = `/releases/${version}/mf-manifest.json`;
      answers.set(path, { json: manifest });
      return `${origin}${path}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

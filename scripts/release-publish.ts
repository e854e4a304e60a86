import { cpSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTES, REMOTE_NAMES, RELEASE_VERSION_PATTERN } from '@wayfarer/contracts';
import { ROOT } from './lib/proc';
import { isRemoteName } from './lib/contract-check';

/**
 * `pnpm release:publish --remote <name> --version <v> [--from <built dist>]`: copies a remote's build (default
 * `<remote>/dist`) to `<remote>/releases/<version>/`, which the remote's static server (`pnpm start`,
 * `pnpm --filter <remote> serve`) answers at `<remote origin>/releases/<version>/mf-manifest.json`. A published
 * version is never overwritten; older ones stay (open tabs and rollbacks need them); source maps are never
 * published. Prints the manifest URL (RELEASE_ORIGIN or the remote's local origin) for `pnpm contract:check` and
 * the registry: `POST /admin/releases { remote, version, manifest_url }`, where the API fetches and checks the
 * manifest itself. The registry takes manifests on its allowed origins only (the API's RELEASE_MANIFEST_ORIGINS,
 * default the REMOTE_*_URL origins): a RELEASE_ORIGIN outside them is refused here first.
 */
const usage = `usage: pnpm release:publish --remote <${REMOTE_NAMES.join('|')}> --version <version> [--from <dist folder>]`;

/**
 * The origins the API's release registry accepts a manifest from, as it reads them: RELEASE_MANIFEST_ORIGINS, else
 * the origins of the REMOTE_*_URL settings (their local defaults when unset).
 */
export function allowedManifestOrigins(env: NodeJS.ProcessEnv): string[] {
  const listed = env.RELEASE_MANIFEST_ORIGINS?.trim()
    ? env.RELEASE_MANIFEST_ORIGINS.split(',')
    : REMOTE_NAMES.map((n) => env[REMOTES[n].urlEnv] || `http://localhost:${REMOTES[n].port}`);
  return [
    ...new Set(
      listed
        .map((o) => o.trim())
        .filter(Boolean)
        .map((o) => new URL(o).origin),
    ),
  ];
}

export function releasesDir(remote: keyof typeof REMOTES): string {
  return path.join(ROOT, REMOTES[remote].packageName, 'releases');
}

function main(): number {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2).filter((a) => a !== '--'),
      options: { remote: { type: 'string' }, version: { type: 'string' }, from: { type: 'string' } },
    }));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${usage}`);
    return 2;
  }
  const { remote, version } = values;
  if (!remote || !isRemoteName(remote) || !version) {
    console.error(remote && !isRemoteName(remote) ? `unknown remote "${remote}"\n${usage}` : usage);
    return 2;
  }
  if (!RELEASE_VERSION_PATTERN.test(version) || version.includes('..')) {
    console.error(
      `bad version "${version}": letters, digits, . _ + - (at most 64, not starting with . or -)`,
    );
    return 2;
  }
  const from = path.resolve(values.from ?? path.join(ROOT, REMOTES[remote].packageName, 'dist'));
  for (const f of ['mf-manifest.json', 'remoteEntry.js'])
    if (!existsSync(path.join(from, f))) {
      console.error(
        `${from} has no ${f}: build the remote first (pnpm --filter ${REMOTES[remote].packageName} build)`,
      );
      return 1;
    }
  const to = path.join(releasesDir(remote), version);
  if (existsSync(to)) {
    console.error(`${remote} ${version} is already published (${to}): publish a new version`);
    return 1;
  }
  const origin = (process.env.RELEASE_ORIGIN ?? `http://localhost:${REMOTES[remote].port}`).replace(
    /\/+$/,
    '',
  );
  const allowed = allowedManifestOrigins(process.env);
  if (!allowed.includes(new URL(origin).origin)) {
    console.error(
      `${origin} is not an origin the release registry accepts (${allowed.join(', ')}): set RELEASE_ORIGIN to one, or add it to RELEASE_MANIFEST_ORIGINS`,
    );
    return 1;
  }
  cpSync(from, to, { recursive: true, filter: (src) => !/\.map(\.(br|gz))?$/.test(src) });
  const kept = readdirSync(releasesDir(remote)).sort();
  console.log(`published ${remote} ${version} -> ${path.relative(ROOT, to)}`);
  console.log(`manifest: ${origin}/releases/${version}/mf-manifest.json`);
  console.log(
    `register it: POST /admin/releases {"remote":"${remote}","version":"${version}","manifest_url":"${origin}/releases/${version}/mf-manifest.json"} (the API checks the manifest itself)`,
  );
  console.log(`versions kept: ${kept.join(', ')}`);
  return 0;
}

process.exit(main());

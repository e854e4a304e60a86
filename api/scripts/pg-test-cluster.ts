import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The throwaway PostgreSQL cluster of pg-test-cluster.sh, from TypeScript (the test runner's PostgreSQL pass and
 * `pnpm bench api`): start() runs the script and reads the `DATABASE_URL=…` line it prints; stop() stops it.
 */
export const PG_TEST_CLUSTER_SCRIPT = fileURLToPath(new URL('./pg-test-cluster.sh', import.meta.url));

/** The last `DATABASE_URL=postgres://…` (or bare postgres URL) line of the script's output. */
export function parseClusterUrl(stdout: string): string | undefined {
  return stdout
    .trim()
    .split('\n')
    .reverse()
    .map((l) => l.trim().replace(/^DATABASE_URL=/, ''))
    .find((l) => /^postgres(ql)?:\/\//.test(l));
}

/** Starts the cluster (installing Debian's postgresql when missing); the admin URL, or an Error saying why not. */
export function startPgTestCluster(cwd?: string, env: NodeJS.ProcessEnv = process.env): string | Error {
  const started = spawnSync('bash', [PG_TEST_CLUSTER_SCRIPT, 'start'], {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (started.status !== 0) return new Error('could not start the throwaway PostgreSQL cluster');
  return (
    parseClusterUrl(started.stdout ?? '') ??
    new Error(`pg-test-cluster.sh printed no DATABASE_URL:\n${started.stdout}`)
  );
}

export function stopPgTestCluster(cwd?: string, env: NodeJS.ProcessEnv = process.env): void {
  spawnSync('bash', [PG_TEST_CLUSTER_SCRIPT, 'stop'], { cwd, env, stdio: 'inherit' });
}

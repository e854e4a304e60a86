import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, log, runStep, spawnPrefixed, stopAll } from './lib/proc';
import {
  PG_TEST_CLUSTER_SCRIPT,
  startPgTestCluster,
  stopPgTestCluster,
} from '../api/scripts/pg-test-cluster';
import { apiCommand, apps, buildApps, stackEnv, workerCommand } from './lib/apps';
import { Supervisor, type Service } from './lib/supervisor';
import { ensureChromium, ensureDebianPackage, postgresInitdb, prepareCluster } from './lib/cluster';

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
const jestEnv = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
};

/** Builds the shell and the four remotes in production mode, two at a time (the machine has two cores). */
async function build(): Promise<void> {
  const started = Date.now();
  await buildApps(apps());
  log(`built all apps in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Runs the services until Ctrl-C, then stops every one of them. A service that exits on its own is reported and
 * restarted with a back-off; one that keeps failing right after its start stops everything with exit code 1.
 */
async function supervise(services: Service[]): Promise<void> {
  const supervisor = new Supervisor(services, { log, stopAll });
  let stopping = false;
  const stop = () => {
    // Ctrl-C reaches this process twice (from the terminal's process group and forwarded by run.mjs).
    if (stopping) return;
    stopping = true;
    log('stopping…');
    void supervisor.stop(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  supervisor.start();
  process.exit(await supervisor.done);
}

function serveAll(offset: number, dev: boolean): Service[] {
  const env = { ...process.env, ...stackEnv(offset) };
  const api = apiCommand(dev);
  const worker = workerCommand(dev);
  const services: Service[] = [
    { name: 'api', start: () => spawnPrefixed('api', api.cmd, api.args, { cwd: api.cwd, env }) },
    {
      name: 'worker',
      start: () => spawnPrefixed('worker', worker.cmd, worker.args, { cwd: worker.cwd, env }),
    },
  ];
  for (const app of apps(offset))
    services.push({
      name: app.name,
      start: () =>
        spawnPrefixed(app.name, bin('wf-app'), [dev ? 'dev' : 'serve'], {
          cwd: path.join(ROOT, app.dir),
          env: { ...env, PORT_OVERRIDE: String(app.port) },
        }),
    });
  return services;
}

/**
 * `pnpm start:cluster`: the production layout on this machine. A real PostgreSQL (Debian's package, a throwaway
 * cluster for the run), two API copies and one guide worker on it, nginx (Debian's) balancing the copies on the
 * API's usual port, media in a local S3-compatible server, and the five apps as with `pnpm start`
 * (scripts/lib/cluster.ts prepareCluster; the cluster browser tests start the same layout).
 */
async function cluster(offset: number): Promise<void> {
  await build();
  const layout = prepareCluster({ offset });
  process.on('exit', () => layout.stopDatabase());
  const { ports } = layout;
  log(
    `cluster: nginx on :${ports.balancer} -> API copies :${ports.apis.join(', :')}, 1 worker, PostgreSQL :${ports.postgres}, ` +
      `S3 :${ports.s3}, apps on :${3000 + offset}-${3004 + offset} (Ctrl-C stops everything)`,
  );
  await supervise(layout.services);
}

function distReady(): boolean {
  return apps().every((a) => existsSync(path.join(ROOT, a.dir, 'dist', 'index.html')));
}

function jest(args: string[], env: NodeJS.ProcessEnv = jestEnv): void {
  runStep(`jest ${args.join(' ')}`.trim(), bin('jest'), ['--maxWorkers=2', ...args], { env });
}

/** The API suites again, against a throwaway real PostgreSQL cluster (the production path). */
function jestOnPostgres(): void {
  if (!existsSync(PG_TEST_CLUSTER_SCRIPT)) {
    log('api/scripts/pg-test-cluster.sh missing: skipping the PostgreSQL pass');
    return;
  }
  const url = startPgTestCluster(ROOT);
  if (url instanceof Error) throw url;
  try {
    jest(['--selectProjects', 'node', 'api/'], { ...jestEnv, DATABASE_URL: url });
  } finally {
    stopPgTestCluster(ROOT);
  }
}

/** A spec of the cluster browser tests (e2e/cluster/…) on the command line. */
const isClusterSpec = (arg: string) => /(^|\/)cluster\//.test(arg);

/**
 * The browser tests: e2e/playwright.config.ts (the `pnpm start` stack) and the cluster's,
 * e2e/playwright.cluster.config.ts (`pnpm start:cluster`'s layout on PostgreSQL, nginx and S3). A path under
 * e2e/cluster/ runs the cluster's config only (with every argument); other specs or filters run the stack's only;
 * no argument, or only options (`--repeat-each=3`), runs both.
 */
function e2e(args: string[]): void {
  ensureChromium();
  const playwright = path.join(ROOT, 'e2e', 'node_modules', '.bin', 'playwright');
  const cluster = args.some(isClusterSpec);
  const onlyOptions = args.every((a) => a.startsWith('-'));
  if (!cluster)
    runStep('browser tests (Playwright + Chromium)', playwright, [
      'test',
      '-c',
      'e2e/playwright.config.ts',
      ...args,
    ]);
  if (cluster || onlyOptions) {
    // Debian's nginx and postgresql when missing, here with the terminal's output (prepareCluster checks again).
    ensureDebianPackage('nginx', '/usr/sbin/nginx');
    ensureDebianPackage('postgresql', postgresInitdb());
    runStep('cluster browser tests (nginx, 2 API copies, worker, PostgreSQL, S3)', playwright, [
      'test',
      '-c',
      'e2e/playwright.cluster.config.ts',
      ...args,
    ]);
  }
}

async function main() {
  const [task, ...args] = process.argv.slice(2);
  // A git-ignored .env at the root, when present, fills variables not already set (see .env.example).
  if (existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'));
  const offset = Number(process.env.WF_PORT_OFFSET ?? 0);
  switch (task) {
    case 'build':
      await build();
      return;
    case 'start':
      await build();
      log(
        `starting the API on :${4000 + offset} and the apps on :${3000 + offset}-${3004 + offset} (Ctrl-C stops everything)`,
      );
      await supervise(serveAll(offset, false));
      return;
    case 'cluster':
      await cluster(offset);
      return;
    case 'dev':
      log('dev servers with hot reload; API with tsx watch (Ctrl-C stops everything)');
      await supervise(serveAll(offset, true));
      return;
    case 'test:unit':
      // The contract tests read the built manifests.
      if (!distReady()) await build();
      jest(args);
      return;
    case 'test:e2e':
      if (!distReady()) await build();
      e2e(args);
      return;
    case 'test:remote':
      // `pnpm --filter mfe-<name> test`: one remote alone, the others stubbed (scripts/remote-test.ts). Not part of
      // `test`, which runs every remote's tests once already.
      runStep(`remote test ${args.join(' ')}`, bin('tsx'), ['scripts/remote-test.ts', ...args]);
      return;
    case 'bench':
      // Every part but `api` serves the production builds in Chromium (a fresh clone has neither yet).
      if (args[0] !== 'api') {
        ensureChromium();
        if (!distReady()) await build();
      }
      runStep('benchmarks', bin('tsx'), ['bench/index.ts', ...args]);
      return;
    case 'test': {
      const started = Date.now();
      ensureChromium();
      runStep('typecheck', bin('tsc'), ['-p', 'tsconfig.json']);
      runStep('lint', bin('eslint'), ['.', '--max-warnings=0']);
      await build();
      jest([]);
      jestOnPostgres();
      e2e([]);
      log(`all tests passed in ${((Date.now() - started) / 60000).toFixed(1)} min`);
      return;
    }
    default:
      console.error(
        `unknown task ${task}; tasks: start, cluster, dev, build, test, test:unit, test:e2e, test:remote, bench`,
      );
      process.exit(2);
  }
}

main().catch((err: unknown) => {
  console.error(`\x1b[31m[wayfarer]\x1b[0m ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

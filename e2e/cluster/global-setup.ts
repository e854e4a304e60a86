import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { clusterReadyUrls, prepareCluster, waitForAnswers } from '../../scripts/lib/cluster';
import { ROOT, stopAll } from '../../scripts/lib/proc';
import { Supervisor } from '../../scripts/lib/supervisor';
import { clusterE2eOffset } from '../src/offset';

const log = (m: string) => console.log(`[cluster] ${m}`);

/**
 * Starts `pnpm start:cluster`'s layout (scripts/lib/cluster.ts prepareCluster: PostgreSQL, migrate + seed, two
 * named API copies and a worker behind nginx, the local S3, the five apps) under a Supervisor, plus a control
 * server on 3900+N through which a spec stops an API copy (kill -9) and starts it again. The returned function is
 * the teardown. Only errors and warnings of the processes are shown (E2E_API_LOG=1: everything).
 */
export default async function globalSetup() {
  for (const dir of ['shell', 'mfe-explore', 'mfe-account', 'mfe-marketing', 'mfe-admin'])
    if (!existsSync(path.join(ROOT, dir, 'dist', 'index.html')))
      throw new Error(`${dir}/dist is missing: run \`pnpm build\` first (pnpm test does).`);
  const offset = clusterE2eOffset();
  const started = Date.now();
  const stateDir = path.join(ROOT, '.tmp', `e2e-cluster-${offset}`);
  rmSync(stateDir, { recursive: true, force: true });
  const verbose = Boolean(process.env.E2E_API_LOG);
  const layout = prepareCluster({
    offset,
    stateDir,
    env: { LOG_LEVEL: verbose ? 'info' : 'warn' },
    keep: verbose ? undefined : (line) => /error|fail|fatal|emerg|crit/i.test(line),
  });
  const supervisor = new Supervisor(layout.services, { log, stopAll });
  let control: http.Server | undefined;
  const teardown = async () => {
    await new Promise<void>((r) => (control ? control.close(() => r()) : r()));
    // The worker first: a guide still being narrated must not meet a stopped S3 server.
    await supervisor.hold('worker').catch(() => undefined);
    await supervisor.stop();
    layout.stopDatabase();
  };
  try {
    supervisor.start();
    const gaveUp = supervisor.done.then((code) => {
      throw new Error(`the cluster stopped while starting (exit ${code})`);
    });
    await Promise.race([waitForAnswers(clusterReadyUrls(layout.ports, offset), 180_000), gaveUp]);
    gaveUp.catch(() => undefined);
    control = await controlServer(supervisor, layout.ports.apis, 3900 + offset);
  } catch (err) {
    await teardown();
    throw err;
  }
  log(
    `up in ${((Date.now() - started) / 1000).toFixed(1)} s: shell http://localhost:${3000 + offset}, nginx :${layout.ports.balancer} -> ` +
      `api-1 :${layout.ports.apis[0]}, api-2 :${layout.ports.apis[1]}, PostgreSQL :${layout.ports.postgres}, S3 :${layout.ports.s3}`,
  );
  return teardown;
}

/** POST /copy/<name>/kill (SIGKILL, kept down) and /copy/<name>/resume (started again, answered once healthy). */
async function controlServer(supervisor: Supervisor, apiPorts: number[], port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const m = /^\/copy\/(api-(\d+))\/(kill|resume)$/.exec(req.url ?? '');
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (!m || req.method !== 'POST') return answer(404, { error: 'unknown control route' });
    const [, name, n, action] = m as unknown as [string, string, string, 'kill' | 'resume'];
    const apiPort = apiPorts[Number(n) - 1];
    if (apiPort === undefined) return answer(404, { error: `no copy ${name}` });
    const done =
      action === 'kill'
        ? supervisor.hold(name, 'SIGKILL')
        : Promise.resolve().then(() => {
            supervisor.resume(name);
            return waitForAnswers([`http://127.0.0.1:${apiPort}/health`], 60_000);
          });
    done.then(
      () => answer(200, { ok: true }),
      (err: unknown) => answer(500, { error: String(err) }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

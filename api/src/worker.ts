import pg from 'pg';
import { loadConfig } from './config/env';
import { liveOwner } from './db/data-dir-lock';
import { PostgresDb, openPostgres } from './db/postgres';
import { connectionConfig, describeAddress } from './db/socket-address';
import { runInBackground } from './jobs/background-priority';
import { startGuideWorker } from './jobs/guide-worker';
import { factsSourceFor, guideWriterFor, speechEngine } from './jobs/makers';
import { startFactsWorker } from './jobs/facts-worker';
import { openJobs } from './jobs/queue';
import { mediaStoreFor } from './services/media-store';
import { stopOnSignals } from './lifecycle';
import { restrictNewFiles } from './db/private-dir';

/**
 * `pnpm --filter api worker`: one guide worker process (run as many as there are cores to spare, on any machine
 * that reaches the database and the object storage). It works the durable guide jobs the API copies enqueue:
 * writes the script, narrates and stores each station. With DATABASE_URL it connects to PostgreSQL; without, to
 * the embedded database through the socket of the API that owns DATA_DIR (it waits for that API to start), so
 * `pnpm start` runs it beside the API. It exits when the database stays unreachable, and the supervisor that
 * started it (pnpm start, systemd, a container platform) starts it again.
 */
const started = Date.now();
// Guide audio and the speech engine's scratch files are this OS user's alone.
restrictNewFiles();
// Narration is background work: the API's answers come first on a shared machine (background-priority.ts).
// WORKER_NICE=0 leaves niceness alone; WORKER_SCHED_IDLE=0 keeps the normal scheduling policy.
const background = runInBackground({
  nice: Number(process.env.WORKER_NICE ?? 10) || 0,
  idle: process.env.WORKER_SCHED_IDLE !== '0',
});
const config = loadConfig();
const log = {
  info: (m: string) => console.log(`[worker] ${m}`),
  warn: (m: string) => console.warn(`[worker] ${m}`),
};

async function connect(): Promise<PostgresDb> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { max: 4 });
  let said = false;
  for (;;) {
    const owner = liveOwner(config.dataDir);
    if (owner?.socket) {
      const db = new PostgresDb(
        new pg.Pool({ ...connectionConfig(owner.socket), max: 4, connectionTimeoutMillis: 10_000 }),
      );
      try {
        // The API serves the socket before it migrates: wait for the guides table's last migration.
        await db
          .query("SELECT 1 FROM public.schema_migrations WHERE name = '0180_station_trust.sql'")
          .then((r) => {
            if (!r.rowCount) throw new Error('not migrated yet');
          });
        log.info(
          `embedded database through the API (process ${owner.pid}) at ${describeAddress(owner.socket)}`,
        );
        return db;
      } catch {
        await db.close().catch(() => undefined);
      }
    }
    if (!said) log.info(`waiting for the API to serve the embedded database in ${config.dataDir}`);
    said = true;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const db = await connect();
let lostSince = 0;
const jobs = await openJobs(db, {
  supervise: true,
  onError: (err) => {
    // pg-boss reports each failed poll; a database gone for 30 s ends the process (its supervisor restarts it).
    log.warn(`job queue: ${err.message}`);
    if (/ECONNREFUSED|ENOENT|terminat|Connection/i.test(err.message)) {
      lostSince ||= Date.now();
      if (Date.now() - lostSince > 30_000) {
        log.warn('the database is unreachable for 30 s: exiting');
        process.exit(1);
      }
    } else lostSince = 0;
  },
});
const tts = speechEngine(config, { warn: (obj, msg) => log.warn(`${msg} ${JSON.stringify(obj)}`) });
tts.warm?.();
// A new guide wakes the worker at once (LISTEN, on PostgreSQL and through the embedded database's socket alike).
const factsSource = factsSourceFor(config, { warn: (obj, msg) => log.warn(`${msg} ${JSON.stringify(obj)}`) });
const facts =
  factsSource && config.wiki ? { source: factsSource, language: config.wiki.language } : undefined;
const worker = await startGuideWorker(
  jobs,
  { db, store: mediaStoreFor(config.media), writer: guideWriterFor(config), tts, ...(facts && { facts }) },
  { log },
);
// Facts for sights (WIKI_API_URL): the background enrichment step, rate-limited, never in a page request.
const factsWorker =
  facts && config.wiki
    ? await startFactsWorker(
        jobs,
        { db, ...facts },
        { concurrency: config.wiki.concurrency, prefetchPerMinute: config.wiki.prefetchPerMinute, log },
      )
    : undefined;
log.info(
  `ready in ${Date.now() - started} ms${background.length ? ` (background priority: ${background.join(', ')})` : ''}: guides from ${config.databaseUrl ? 'PostgreSQL' : 'the embedded database'}, files in ${config.media.s3 ? `S3 bucket ${config.media.s3.bucket}` : config.media.storage ? `Supabase Storage bucket ${config.media.storage.bucket}` : config.media.dir}`,
);

stopOnSignals(log.info, 'finishing the job under way, then stopping', async () => {
  await factsWorker?.stop();
  await worker.stop();
  await jobs.stop();
  await tts.close();
  await db.close();
});

import PgBoss from 'pg-boss';
import type { Queryable, ScriptDb } from '../db/types';
import { STATION_QUEUE_OPTIONS } from './station-jobs';

/**
 * Durable jobs on PostgreSQL with pg-boss 10 (its tables live in the `pgboss` schema of the product database).
 * The API only enqueues (inside the transaction that reserves the guide, so there is never a guide without its job
 * or a job without its guide); worker processes (`pnpm --filter api worker`, any number, see src/worker.ts) fetch
 * with SKIP LOCKED, so each job runs on one worker at a time; a worker that dies leaves its job 'active' until it
 * expires, and pg-boss then retries it on another; a job that fails for good goes to the dead-letter queue.
 */
export const GUIDE_QUEUE = 'guide-render';
/** Jobs of GUIDE_QUEUE that failed for good (every retry used, or expired on the last one). */
export const GUIDE_DEAD_QUEUE = 'guide-render-dead';
/**
 * NOTIFY channel an enqueued guide is announced on (at commit, with its transaction): listening workers fetch at
 * once instead of at their next poll (pg-boss polls every 0.5 s at most often).
 */
export const GUIDE_WAKE_CHANNEL = 'wf_guide_jobs';
/** Removes stored files whose rows were deleted (public.media_garbage). */
export const MEDIA_SWEEP_QUEUE = 'media-sweep';

/** Facts for sights (Wikipedia, Wikidata): one job per sight and language waits at most (a 'short' queue). */
export const FACTS_QUEUE = 'sight-facts';

export interface FactsJob {
  sightId: string;
  lang: string;
}

export interface GuideJob {
  guideId: string;
}

/**
 * Fair turns between users: pg-boss hands out the waiting job of highest priority first (then the oldest), so a
 * user's guide that had `turn` of that user's guides ahead of it waits behind every other user's guides with fewer
 * ahead. A user who queued many guides at once gets one made per round, and another user's first guide, queued
 * later, is taken before their second. The order lives in the database, so it holds whatever the number of workers.
 */
export const guideJobPriority = (turn: number): number => (turn >= 1 ? -Math.trunc(turn) : 0);

export interface JobPolicy {
  /** Retries after the first attempt. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job active longer than this is taken as lost (its worker died) and retried. */
  expireInSeconds: number;
  /** How often a supervising worker expires lost jobs (so a lost job is retried within expireIn + this). */
  maintenanceSeconds: number;
}

export const DEFAULT_GUIDE_POLICY: JobPolicy = {
  retryLimit: 2,
  retryDelaySeconds: 2,
  expireInSeconds: 180,
  maintenanceSeconds: 30,
};

/** pg-boss's database adapter over this API's Db: parameterised calls as queries, bare scripts as scripts. */
export function bossDb(db: Pick<ScriptDb, 'query' | 'script'>): PgBoss.Db {
  return {
    executeSql: (text, values) => (values?.length ? db.query(text, values) : db.script(text)),
  };
}

/** The adapter for one open transaction, so a job is inserted with the rows it belongs to, or not at all. */
function txDb(tx: Queryable): PgBoss.Db {
  return { executeSql: (text, values) => tx.query(text, values ?? []) };
}

export interface Jobs {
  readonly boss: PgBoss;
  readonly policy: JobPolicy;
  /**
   * Enqueues the rendering of a reserved guide inside `tx`; resolves to the job's id. `turn` is how many of the
   * same user's guides were already waiting or being made (guideJobPriority).
   */
  enqueueGuide(tx: Queryable, guideId: string, turn?: number): Promise<string>;
  /**
   * Asks a worker to fetch the facts of these sights (one waiting job per sight and language; more asks while it
   * waits are dropped). Resolves to how many jobs were added.
   */
  enqueueFacts(sightIds: string[], lang: string): Promise<number>;
  /** Asks a worker to delete the stored files of deleted rows (debounced: one sweep per few seconds at most). */
  requestSweep(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobsOptions {
  policy?: Partial<JobPolicy>;
  /** Run pg-boss's maintenance (expiring lost jobs, archiving): workers do, API copies do not need to. */
  supervise?: boolean;
  onError?: (err: Error) => void;
}

/** Starts pg-boss on `db` (creating or migrating its schema under its own advisory lock) and the queues. */
export async function openJobs(db: ScriptDb, opts: JobsOptions = {}): Promise<Jobs> {
  const policy = { ...DEFAULT_GUIDE_POLICY, ...opts.policy };
  const boss = new PgBoss({
    db: bossDb(db),
    supervise: opts.supervise ?? false,
    schedule: false,
    maintenanceIntervalSeconds: policy.maintenanceSeconds,
  });
  boss.on('error', (err) => (opts.onError ?? ((e: Error) => console.error(`job queue: ${e.message}`)))(err));
  await boss.start();
  const queues: PgBoss.Queue[] = [
    { name: GUIDE_DEAD_QUEUE, retryLimit: 5, retryDelay: 5, retryBackoff: true },
    {
      name: GUIDE_QUEUE,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: policy.expireInSeconds,
      deadLetter: GUIDE_DEAD_QUEUE,
    },
    { name: MEDIA_SWEEP_QUEUE, retryLimit: 5, retryDelay: 10, retryBackoff: true, policy: 'short' },
    STATION_QUEUE_OPTIONS,
    // A fetch that fails is recorded with its back-off (sight_facts.refresh_after) and asked for again later, so
    // the job itself is not retried; one waiting job per sight and language.
    { name: FACTS_QUEUE, retryLimit: 0, expireInSeconds: 300, policy: 'short' },
  ];
  for (const q of queues) {
    // createQueue is idempotent only in intent: a second copy starting at once may lose the race (unique name).
    const existing = await boss.getQueue(q.name);
    if (!existing)
      await boss.createQueue(q.name, q).catch(async (err: unknown) => {
        if (!(await boss.getQueue(q.name))) throw err;
      });
    else await boss.updateQueue(q.name, q);
  }
  return {
    boss,
    policy,
    async enqueueGuide(tx, guideId, turn = 0) {
      const id = await boss.send(GUIDE_QUEUE, { guideId } satisfies GuideJob, {
        db: txDb(tx),
        singletonKey: guideId,
        priority: guideJobPriority(turn),
      });
      if (!id) throw new Error(`the guide ${guideId} is already queued`);
      await tx.query('SELECT pg_notify($1, $2)', [GUIDE_WAKE_CHANNEL, id]);
      return id;
    },
    async enqueueFacts(sightIds, lang) {
      let added = 0;
      for (const sightId of sightIds) {
        const id = await boss.send(FACTS_QUEUE, { sightId, lang } satisfies FactsJob, {
          singletonKey: `${sightId}:${lang}`,
        });
        if (id) added++;
      }
      return added;
    },
    async requestSweep() {
      // 'short' policy: at most one sweep waiting; more deletions before it runs are swept by it too.
      await boss.send(MEDIA_SWEEP_QUEUE, {}, { singletonKey: 'sweep' });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

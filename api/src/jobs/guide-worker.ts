import type PgBoss from 'pg-boss';
import type { Db } from '../db/types';
import {
  failGuide,
  renderGuide,
  sweepMedia,
  type RenderDeps,
  type RenderSteps,
} from '../services/guide-render';
import { STATION_WAKE_CHANNEL, workStationQueue } from './station-jobs';
import {
  GUIDE_DEAD_QUEUE,
  GUIDE_QUEUE,
  GUIDE_WAKE_CHANNEL,
  MEDIA_SWEEP_QUEUE,
  type GuideJob,
  type Jobs,
} from './queue';

export interface WorkerLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/** What a traveller reads when a guide failed for good: the last error, said plainly. */
export function failureText(err: unknown): string {
  const why =
    err instanceof Error
      ? err.message
      : typeof err === 'object' && err && 'message' in err
        ? String((err as { message: unknown }).message)
        : String(err);
  return `The guide could not be made: ${why.replace(/\s+/g, ' ').trim().slice(0, 300)}. Please try again.`;
}

/** How often a worker that is woken by NOTIFY polls anyway. */
export const WOKEN_POLL_SECONDS = 5;

export interface GuideWorker {
  stop(): Promise<void>;
}

/**
 * Works the guide queue (one guide at a time per worker: narration is CPU-bound), the dead-letter queue (marks a
 * guide failed with the reason, so it stops counting and the traveller is told) and the media sweep. Several
 * workers, in several processes, can run at once: pg-boss hands each job to one.
 */
export async function startGuideWorker(
  jobs: Jobs,
  deps: RenderDeps & { db: Db },
  opts: {
    log?: WorkerLog;
    pollingIntervalSeconds?: number;
    sweepEverySeconds?: number;
    /**
     * LISTEN for enqueued guides and fetch at once (default on; the embedded database's socket forwards
     * notifications too). Off: the poll alone picks jobs up.
     */
    wake?: boolean;
  } = {},
): Promise<GuideWorker> {
  const log = opts.log ?? { info: () => {}, warn: (m) => console.warn(m) };
  const { boss } = jobs;
  const ids: string[] = [];
  // Work ids by queue, for the wake-ups (set once each queue's work has started).
  const work: { guide?: string; station?: string } = {};
  const wakeOn = async (channel: string, wake: () => void) =>
    deps.db.listen(channel, wake).catch((err: unknown) => {
      log.warn(
        `guide worker: no wake-up on ${channel} (${err instanceof Error ? err.message : String(err)}); polling only`,
      );
      return undefined;
    });
  const unlisten: Array<() => Promise<void>> = [];
  if (opts.wake ?? true) {
    for (const [channel, wake] of [
      [GUIDE_WAKE_CHANNEL, () => work.guide && boss.notifyWorker(work.guide)],
      [STATION_WAKE_CHANNEL, () => work.station && boss.notifyWorker(work.station)],
    ] as const) {
      const off = await wakeOn(channel, () => void wake());
      if (off) unlisten.push(off);
    }
  }
  // A woken worker polls only as a safety net, for what no NOTIFY announces (a retry after its delay, a job
  // expired with a dead worker): every fetch is a query, and on the embedded database each one runs on the API's
  // thread, between travellers' requests. Without the wake-ups it polls every 0.5 s (pg-boss's minimum).
  const woken = unlisten.length === 2;
  const polling = {
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? (woken ? WOKEN_POLL_SECONDS : 0.5),
    batchSize: 1,
  };

  work.guide = await boss.work<GuideJob>(
    GUIDE_QUEUE,
    { ...polling, includeMetadata: true },
    async ([job]: PgBoss.JobWithMetadata<GuideJob>[]) => {
      // More guides may be queued: fetch again as soon as this one is done, not at the next poll.
      if (work.guide) boss.notifyWorker(work.guide);
      const started = Date.now();
      const steps: RenderSteps = [];
      try {
        const outcome = await renderGuide(deps, job.data.guideId, steps);
        const waited = started - new Date(job.createdOn).getTime();
        log.info(
          `guide ${job.data.guideId}: ${outcome} in ${Date.now() - started} ms (attempt ${job.retryCount + 1}; queued ${waited} ms; ${steps.map(([k, ms]) => `${k} ${ms} ms`).join(', ')})`,
        );
        if (outcome === 'ready') await jobs.requestSweep().catch(() => undefined);
        return { outcome };
      } catch (err) {
        const last = job.retryCount >= job.retryLimit;
        log.warn(
          `guide ${job.data.guideId}: attempt ${job.retryCount + 1} of ${job.retryLimit + 1} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
        // The last attempt says why at once; a job lost with its worker is failed by the dead-letter queue.
        if (last) {
          await failGuide(deps.db, job.data.guideId, failureText(err));
          await jobs.requestSweep().catch(() => undefined);
        }
        throw err;
      }
    },
  );
  ids.push(work.guide);
  ids.push(
    await boss.work<GuideJob>(GUIDE_DEAD_QUEUE, polling, async ([job]) => {
      if (
        await failGuide(
          deps.db,
          job.data.guideId,
          failureText(new Error('the guide worker stopped before it finished, several times')),
        )
      ) {
        log.warn(`guide ${job.data.guideId}: failed for good`);
        await jobs.requestSweep().catch(() => undefined);
      }
    }),
  );
  work.station = await workStationQueue(boss, deps, {
    pollingIntervalSeconds: polling.pollingIntervalSeconds,
    log,
  });
  ids.push(work.station);
  ids.push(
    await boss.work(MEDIA_SWEEP_QUEUE, { pollingIntervalSeconds: 2, batchSize: 1 }, async () => {
      const n = await sweepMedia(deps.db, deps.store);
      if (n) log.info(`media sweep: ${n} stored file(s) of deleted rows removed`);
    }),
  );
  // Rows deleted by any path (an account's cascade, a photo deleted on another copy) leave media_garbage rows: a
  // sweep is asked for regularly too (one waits at most, whatever the number of workers asking).
  const sweeping = setInterval(
    () => void jobs.requestSweep().catch(() => undefined),
    (opts.sweepEverySeconds ?? 60) * 1000,
  );
  sweeping.unref();
  return {
    async stop() {
      clearInterval(sweeping);
      for (const off of unlisten) await off().catch(() => undefined);
      for (const id of ids) await boss.offWork({ id }).catch(() => undefined);
    },
  };
}

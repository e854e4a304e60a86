import type PgBoss from 'pg-boss';
import type { Queryable } from '../db/types';
import { giveUpNarration, renarrateStation, type NarrationDeps } from '../services/station-narration';

/**
 * Re-narration of one guide station (an admin fixed its text or asked for it again), a pg-boss
 * queue beside the guide queue (queue.ts creates it), worked by the same guide workers (guide-worker.ts).
 */
export const STATION_QUEUE = 'station-narrate';

/** NOTIFY channel an enqueued re-narration is announced on (at commit): listening workers fetch at once. */
export const STATION_WAKE_CHANNEL = 'wf_station_jobs';

export interface StationJob {
  stationId: string;
}

/** The queue's options, created with the others by openJobs. */
export const STATION_QUEUE_OPTIONS: PgBoss.Queue = {
  name: STATION_QUEUE,
  retryLimit: 2,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 180,
};

/** Enqueues a station's re-narration inside `tx` (it exists only if the admin's change commits); the job's id. */
export async function enqueueStationNarration(
  boss: PgBoss,
  tx: Queryable,
  stationId: string,
): Promise<string> {
  const id = await boss.send(STATION_QUEUE, { stationId } satisfies StationJob, {
    db: { executeSql: (text, values) => tx.query(text, values ?? []) },
  });
  if (!id) throw new Error(`the station ${stationId} could not be queued`);
  await tx.query('SELECT pg_notify($1, $2)', [STATION_WAKE_CHANNEL, id]);
  return id;
}

/** Works the station queue; resolves to the work id (for offWork). */
export function workStationQueue(
  boss: PgBoss,
  deps: NarrationDeps,
  opts: { pollingIntervalSeconds: number; log: { info(m: string): void; warn(m: string): void } },
): Promise<string> {
  return boss.work<StationJob>(
    STATION_QUEUE,
    { pollingIntervalSeconds: opts.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
    async ([job]: PgBoss.JobWithMetadata<StationJob>[]) => {
      const started = Date.now();
      try {
        const outcome = await renarrateStation(deps, job.data.stationId, job.id);
        opts.log.info(`station ${job.data.stationId}: ${outcome} in ${Date.now() - started} ms`);
        return { outcome };
      } catch (err) {
        opts.log.warn(
          `station ${job.data.stationId}: attempt ${job.retryCount + 1} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
        if (job.retryCount >= job.retryLimit)
          await giveUpNarration(deps.db, job.data.stationId, job.id).catch(() => undefined);
        throw err;
      }
    },
  );
}

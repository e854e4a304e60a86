import type PgBoss from 'pg-boss';
import type { Db } from '../db/types';
import { dueSights, refreshFacts, type FactsSource } from '../services/sight-facts';
import { FACTS_QUEUE, type FactsJob, type Jobs } from './queue';

export interface FactsWorker {
  stop(): Promise<void>;
}

/**
 * The background enrichment step for facts: works the sight-facts queue (sights opened without cached
 * facts, guides being written) with `concurrency` jobs at a time, and every minute queues up to
 * `prefetchPerMinute` sights with a Wikidata item that were never fetched or are due, most popular first. The
 * source's client holds the rate limit and the back-off; a failed fetch is stored with its retry time.
 */
export async function startFactsWorker(
  jobs: Jobs,
  deps: { db: Db; source: FactsSource; language: string },
  opts: {
    concurrency: number;
    prefetchPerMinute: number;
    log?: { info(m: string): void; warn(m: string): void };
    pollingIntervalSeconds?: number;
  },
): Promise<FactsWorker> {
  const log = opts.log ?? { info: () => {}, warn: (m: string) => console.warn(m) };
  const { boss } = jobs;
  const id = await boss.work<FactsJob>(
    FACTS_QUEUE,
    { batchSize: Math.max(1, opts.concurrency), pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1 },
    async (batch: PgBoss.Job<FactsJob>[]) => {
      await Promise.all(
        batch.map(async (job) => {
          const outcome = await refreshFacts(deps.db, deps.source, job.data.sightId, job.data.lang);
          if (outcome === 'error')
            log.warn(
              `facts for ${job.data.sightId} (${job.data.lang}): the source failed; asked again later`,
            );
        }),
      );
    },
  );
  let sweeping: NodeJS.Timeout | undefined;
  if (opts.prefetchPerMinute > 0) {
    const sweep = async () => {
      const ids = await dueSights(deps.db, deps.language, opts.prefetchPerMinute);
      if (ids.length) await jobs.enqueueFacts(ids, deps.language);
    };
    sweeping = setInterval(
      () =>
        void sweep().catch((err: unknown) =>
          log.warn(`facts prefetch: ${err instanceof Error ? err.message : String(err)}`),
        ),
      60_000,
    );
    sweeping.unref();
  }
  return {
    async stop() {
      if (sweeping) clearInterval(sweeping);
      await boss.offWork({ id }).catch(() => undefined);
    },
  };
}

import { runPool } from './limits';
import type { Place } from './places-logic';
import type { EnrichResult as ContractEnrichResult } from '@wayfarer/contracts';

export const ENRICH_MAX_ITEMS = 40;
export const ENRICH_PARALLEL = 6;

type Item = { sight_id: string; lat: number; lon: number };
/** An enrichment answer as this module reads it: the contract's, any field but the id possibly absent. */
export type EnrichResult = Pick<ContractEnrichResult, 'sight_id'> & Partial<ContractEnrichResult>;

/** Items still missing city, country or country code (at most 40); fallback places (osm-*) are not in the database. */
export function itemsToEnrich(items: Place[]): Item[] {
  return items
    .filter((p) => !p.id.startsWith('osm-') && (!p.city || !p.country || !p.country_code))
    .slice(0, ENRICH_MAX_ITEMS)
    .map((p) => ({ sight_id: p.id, lat: p.latitude, lon: p.longitude }));
}

/**
 * Enriches in up to 6 parallel batch calls; a failed batch retries its items one by one (still inside
 * the same slot, so never more than 6 requests are in flight). Every failure is swallowed.
 */
export async function enrichMissing(
  items: Item[],
  calls: { batch: (items: Item[]) => Promise<EnrichResult[]>; single: (item: Item) => Promise<EnrichResult> },
  onResult: (r: EnrichResult) => void,
): Promise<void> {
  if (!items.length) return;
  const size = Math.ceil(items.length / ENRICH_PARALLEL);
  const chunks: Item[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  await runPool(chunks, ENRICH_PARALLEL, async (chunk) => {
    let results: EnrichResult[] | null = null;
    try {
      results = await calls.batch(chunk);
    } catch {
      results = null;
    }
    if (results) {
      for (const r of results) if (r && r.ok !== false) onResult(r);
      return;
    }
    for (const it of chunk) {
      try {
        const r = await calls.single(it);
        if (r && r.ok !== false) onResult({ ...r, sight_id: r.sight_id ?? it.sight_id });
      } catch {
        /* enrichment failures are swallowed (spec point 8) */
      }
    }
  });
}

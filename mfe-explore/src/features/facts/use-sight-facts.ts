import { useEffect, useState } from 'react';
import { getSightDetail } from '@wayfarer/api-client';
import type { SightFacts } from '@wayfarer/contracts';

/** How often, and how many times, facts still being fetched are asked for again while the page is open. */
export const FACTS_POLL_MS = 2500;
export const FACTS_POLL_TRIES = 8;

const STATUSES = new Set(['ready', 'pending', 'none', 'off']);

/**
 * The facts of a sight detail answer (`sight.facts`), or null when absent or not in the contract's shape (checked
 * by hand: the browser bundle carries no zod; the API serialises them through the SightFacts schema).
 */
export function factsOf(sight: { facts?: unknown } | null | undefined): SightFacts | null {
  const f = sight?.facts as Partial<SightFacts> | null | undefined;
  if (!f || typeof f !== 'object' || !STATUSES.has(f.status as string) || !Array.isArray(f.claims))
    return null;
  if (
    f.summary != null &&
    (typeof f.summary !== 'object' ||
      typeof f.summary.extract !== 'string' ||
      typeof f.summary.url !== 'string')
  )
    return null;
  return f as SightFacts;
}

/**
 * A sight's facts from Wikipedia and Wikidata, as the detail answer carries them. While a worker is
 * still fetching them ('pending'), the detail is asked for again a few times, so they appear without a reload.
 */
export function useSightFacts(sight: { id: string; facts?: unknown } | null | undefined): SightFacts | null {
  const given = factsOf(sight);
  const [facts, setFacts] = useState<SightFacts | null>(given);
  const id = sight?.id;
  const givenKey = JSON.stringify(given);

  useEffect(() => {
    setFacts(given);
  }, [id, givenKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const pending = facts?.status === 'pending';
  useEffect(() => {
    if (!id || !pending) return;
    let live = true;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      timer = setTimeout(async () => {
        if (!live || tries++ >= FACTS_POLL_TRIES) return;
        const next = await getSightDetail(id)
          .then((r) => factsOf(r.sight))
          .catch(() => null);
        if (!live) return;
        if (next && next.status !== 'pending') setFacts(next);
        else ask();
      }, FACTS_POLL_MS);
    };
    ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, pending]);

  return facts;
}

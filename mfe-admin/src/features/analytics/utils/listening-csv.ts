import type { GuideListening, StationListening } from '@wayfarer/contracts';
import { toCsv } from './to-csv';

/** Percent with one decimal, or empty when there were no plays. */
const pct = (f: number | null) => (f == null ? '' : Math.round(f * 1000) / 10);

/**
 * One row per station (the guide's sight and its numbers first, then the station's), RFC 4180 quoted with formula
 * cells neutralised (toCsv): what the admin's Listening panel exports.
 */
export function listeningCsv(
  guides: readonly GuideListening[],
  stations: readonly StationListening[],
): string {
  const byGuide = new Map(guides.map((g) => [g.guide_id, g]));
  return toCsv(
    [
      'guide_id',
      'sight',
      'station_number',
      'station_title',
      'plays_started',
      'plays_completed',
      'plays_skipped',
      'avg_listened_percent',
    ],
    stations.map((s) => [
      s.guide_id,
      byGuide.get(s.guide_id)?.sight_name ?? s.sight_name,
      s.station_number,
      s.title,
      s.plays_started,
      s.plays_completed,
      s.plays_skipped,
      pct(s.avg_listened_fraction),
    ]),
  );
}

/** The chart's rows: the most played guides, labelled by sight (and a short id when a sight has several). */
export function listeningChartRows(guides: readonly GuideListening[], max = 10) {
  const top = guides.slice(0, max);
  const names = new Map<string, number>();
  for (const g of top) names.set(g.sight_name, (names.get(g.sight_name) ?? 0) + 1);
  return top.map((g) => ({
    name: names.get(g.sight_name)! > 1 ? `${g.sight_name} (${g.guide_id.slice(0, 4)})` : g.sight_name,
    started: g.plays_started,
    completed: g.plays_completed,
    skipped: g.plays_skipped,
    listened: g.avg_listened_fraction == null ? 0 : Math.round(g.avg_listened_fraction * 100),
  }));
}

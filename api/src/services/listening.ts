import type { GuideListening, ListenEvent, StationListening } from '@wayfarer/contracts';
import type { Queryable } from '../db/types';
import { notFound } from '../http/errors';

/**
 * Listening analytics. The player sends events in batches, each naming its play (a random
 * play_id per play of a station): every play is one row of station_plays, and an event only ever raises it (the
 * furthest fraction heard, completed, skipped), so a batch sent twice (a retry, a beacon after a POST) counts
 * once. Aggregates per guide and per station: plays started, completed, skipped, mean furthest fraction heard.
 */

type Event = { play_id: string; station_id: string; type: ListenEvent['type']; fraction: number };

/**
 * Records a batch of the caller's events on stations of their own guides; a station that is not one of theirs
 * (or hidden) makes the whole batch a 404. Returns how many plays it touched.
 */
export async function recordListening(
  q: Queryable,
  userId: string,
  events: readonly Event[],
): Promise<number> {
  const stationIds = [...new Set(events.map((e) => e.station_id))];
  const { rows } = await q.query<{ id: string; guide_id: string }>(
    `SELECT st.id, st.guide_id FROM public.stations st JOIN public.guides g ON g.id = st.guide_id
      WHERE st.id = ANY($1::uuid[]) AND g.user_id = $2 AND NOT st.hidden`,
    [stationIds, userId],
  );
  const guideOf = new Map(rows.map((r) => [r.id, r.guide_id]));
  const missing = stationIds.filter((id) => !guideOf.has(id));
  if (missing.length) throw notFound(`Station not found: ${missing[0]}`);
  // One row per play: the batch's events of a play merged first (a play_id belongs to one station).
  const plays = new Map<
    string,
    { station: string; completed: boolean; skipped: boolean; fraction: number }
  >();
  for (const e of events) {
    const p = plays.get(e.play_id) ?? {
      station: e.station_id,
      completed: false,
      skipped: false,
      fraction: 0,
    };
    if (p.station !== e.station_id) continue;
    p.completed ||= e.type === 'complete';
    p.skipped ||= e.type === 'skip';
    p.fraction = Math.max(p.fraction, e.type === 'complete' ? 1 : e.fraction);
    plays.set(e.play_id, p);
  }
  const list = [...plays.entries()];
  // A finished play was not skipped: completing wins over a skip sent with the end.
  await q.query(
    `INSERT INTO public.station_plays AS sp (play_id, user_id, guide_id, station_id, completed, skipped, fraction)
     SELECT x.play_id, $1, x.guide_id, x.station_id, x.completed, x.skipped AND NOT x.completed, x.fraction
       FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::boolean[], $6::boolean[], $7::real[])
            AS x(play_id, guide_id, station_id, completed, skipped, fraction)
     ON CONFLICT (play_id) DO UPDATE SET
       completed = sp.completed OR EXCLUDED.completed,
       skipped = (sp.skipped OR EXCLUDED.skipped) AND NOT (sp.completed OR EXCLUDED.completed),
       fraction = GREATEST(sp.fraction, EXCLUDED.fraction),
       updated_at = now()
     WHERE sp.user_id = EXCLUDED.user_id AND sp.station_id = EXCLUDED.station_id`,
    [
      userId,
      list.map(([id]) => id),
      list.map(([, p]) => guideOf.get(p.station)!),
      list.map(([, p]) => p.station),
      list.map(([, p]) => p.completed),
      list.map(([, p]) => p.skipped),
      list.map(([, p]) => p.fraction),
    ],
  );
  return list.length;
}

const COUNTS = `count(sp.play_id)::int AS plays_started,
       (count(*) FILTER (WHERE sp.completed))::int AS plays_completed,
       (count(*) FILTER (WHERE sp.skipped))::int AS plays_skipped,
       avg(sp.fraction)::float8 AS avg_listened_fraction`;

interface CountRow {
  plays_started: number;
  plays_completed: number;
  plays_skipped: number;
  avg_listened_fraction: number | null;
}
const round = (v: number | null) => (v == null ? null : Math.round(v * 1000) / 1000);

/**
 * Per guide (guides with plays in the last `days` days, most played first, up to 200) and per station (of those
 * guides, or of `guideId` alone), counting the plays started in that window.
 */
export async function listeningStats(
  q: Queryable,
  opts: { days: number; guideId?: string },
): Promise<{ guides: GuideListening[]; stations: StationListening[] }> {
  const since = `now() - make_interval(days => $1)`;
  const guides = (
    await q.query<
      CountRow & { guide_id: string; sight_id: string; sight_name: string; created_at: Date | string }
    >(
      `SELECT g.id AS guide_id, s.id AS sight_id, s.name AS sight_name, g.created_at, ${COUNTS}
         FROM public.station_plays sp JOIN public.guides g ON g.id = sp.guide_id JOIN public.sights s ON s.id = g.sight_id
        WHERE sp.started_at >= ${since} AND ($2::uuid IS NULL OR g.id = $2)
        GROUP BY g.id, s.id, s.name, g.created_at
        ORDER BY plays_started DESC, g.created_at DESC, g.id LIMIT 200`,
      [opts.days, opts.guideId ?? null],
    )
  ).rows;
  if (opts.guideId && !guides.length) {
    const exists = await q.query('SELECT 1 FROM public.guides WHERE id = $1', [opts.guideId]);
    if (!exists.rowCount) throw notFound('Guide not found');
  }
  const ids = guides.map((g) => g.guide_id);
  const stations = ids.length
    ? (
        await q.query<
          CountRow & {
            guide_id: string;
            station_id: string;
            position: number;
            title: string;
            sight_name: string;
          }
        >(
          `SELECT st.guide_id, st.id AS station_id, st.position, st.title, s.name AS sight_name, ${COUNTS}
             FROM public.station_plays sp JOIN public.stations st ON st.id = sp.station_id JOIN public.sights s ON s.id = st.sight_id
            WHERE sp.started_at >= ${since} AND sp.guide_id = ANY($2::uuid[])
            GROUP BY st.guide_id, st.id, st.position, st.title, s.name
            ORDER BY st.guide_id, st.position, st.id`,
          [opts.days, ids],
        )
      ).rows
    : [];
  // Stations in the order of their guides.
  const rank = new Map(ids.map((id, i) => [id, i]));
  stations.sort((a, b) => rank.get(a.guide_id)! - rank.get(b.guide_id)! || a.position - b.position);
  return {
    guides: guides.map((g) => ({
      guide_id: g.guide_id,
      sight_id: g.sight_id,
      sight_name: g.sight_name,
      created_at: (g.created_at instanceof Date ? g.created_at : new Date(g.created_at)).toISOString(),
      plays_started: g.plays_started,
      plays_completed: g.plays_completed,
      plays_skipped: g.plays_skipped,
      avg_listened_fraction: round(g.avg_listened_fraction),
    })),
    stations: stations.map((s) => ({
      guide_id: s.guide_id,
      station_id: s.station_id,
      station_number: s.position,
      title: s.title,
      sight_name: s.sight_name,
      plays_started: s.plays_started,
      plays_completed: s.plays_completed,
      plays_skipped: s.plays_skipped,
      avg_listened_fraction: round(s.avg_listened_fraction),
    })),
  };
}

import type {
  AdminReportFixInput,
  AdminStationReport,
  MyStationReport,
  ReportOutcome,
  ReportReason,
} from '@wayfarer/contracts';
import type { Queryable } from '../db/types';
import { HttpError, notFound } from '../http/errors';
import { audit } from './audit';
import { audioUrl } from './guides';

/**
 * The trust loop. A signed-in listener reports a station of one of their guides (one open
 * report per user and station); an admin fixes its text, has it narrated again, hides it or dismisses the report,
 * which resolves every open report on that station with the outcome; the listener sees the outcome on the sight.
 * Re-narration is a job (src/jobs/station-jobs.ts) run by the guide workers.
 */

/** Enqueues a re-narration of the station inside `tx`; resolves to the job's id. */
export type EnqueueNarration = (tx: Queryable, stationId: string) => Promise<string>;

const iso = (d: Date | string | null) =>
  d == null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

interface MyRow {
  id: string;
  station_id: string;
  guide_id: string;
  position: number;
  title: string;
  reason: ReportReason;
  note: string;
  status: 'open' | 'resolved';
  outcome: ReportOutcome | null;
  created_at: Date | string;
  resolved_at: Date | string | null;
}

const MY_SELECT = `SELECT r.id, r.station_id, st.guide_id, st.position, st.title, r.reason, r.note, r.status, r.outcome, r.created_at, r.resolved_at
  FROM public.station_reports r JOIN public.stations st ON st.id = r.station_id`;

const toMine = (r: MyRow): MyStationReport => ({
  id: r.id,
  station_id: r.station_id,
  guide_id: r.guide_id,
  station_number: r.position,
  station_title: r.title,
  reason: r.reason,
  note: r.note,
  status: r.status,
  outcome: r.outcome,
  created_at: iso(r.created_at)!,
  resolved_at: iso(r.resolved_at),
});

/**
 * Files a report on a station of one of the caller's own guides (a station that is hidden, someone else's or not
 * a guide's answers 404); a second open report on the same station answers 409.
 */
export async function createReport(
  q: Queryable,
  userId: string,
  stationId: string,
  input: { reason: ReportReason; note: string },
): Promise<MyStationReport> {
  const own = await q.query(
    `SELECT 1 FROM public.stations st JOIN public.guides g ON g.id = st.guide_id
      WHERE st.id = $1 AND g.user_id = $2 AND NOT st.hidden`,
    [stationId, userId],
  );
  if (!own.rowCount) throw notFound('Station not found');
  const ins = await q.query<{ id: string }>(
    `INSERT INTO public.station_reports (station_id, user_id, reason, note) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, station_id) WHERE status = 'open' DO NOTHING RETURNING id`,
    [stationId, userId, input.reason, input.note],
  );
  if (!ins.rowCount)
    throw new HttpError(
      409,
      'You have already reported this station; an admin will look at it.',
      'report_open',
    );
  const row = (await q.query<MyRow>(`${MY_SELECT} WHERE r.id = $1`, [ins.rows[0].id])).rows[0];
  return toMine(row);
}

/** The caller's reports on stations of their guides for a sight (by id or slug), newest first. */
export async function myReports(
  q: Queryable,
  userId: string,
  sightIdOrSlug: string,
): Promise<MyStationReport[]> {
  const { rows } = await q.query<MyRow>(
    `${MY_SELECT} JOIN public.guides g ON g.id = st.guide_id JOIN public.sights s ON s.id = g.sight_id
      WHERE r.user_id = $1 AND (s.id = $2 OR s.slug = $2)
      ORDER BY r.created_at DESC, r.id LIMIT 100`,
    [userId, sightIdOrSlug],
  );
  return rows.map(toMine);
}

interface AdminRow extends Omit<MyRow, 'guide_id' | 'position' | 'title' | 'station_id'> {
  reporter_id: string;
  reporter_name: string | null;
  sight_id: string;
  sight_name: string;
  station_id: string;
  guide_id: string;
  position: number;
  title: string;
  text: string;
  audio_path: string | null;
  audio_rev: number;
  hidden: boolean;
  renarrate_job: string | null;
}

const ADMIN_SELECT = `SELECT r.id, r.reason, r.note, r.status, r.outcome, r.created_at, r.resolved_at,
       r.user_id AS reporter_id, p.display_name AS reporter_name, s.id AS sight_id, s.name AS sight_name,
       st.id AS station_id, st.guide_id, st.position, st.title, st.text, st.audio_path, st.audio_rev, st.hidden, st.renarrate_job
  FROM public.station_reports r
  JOIN public.stations st ON st.id = r.station_id
  JOIN public.sights s ON s.id = st.sight_id
  LEFT JOIN public.profiles p ON p.id = r.user_id`;

const toAdmin = (r: AdminRow): AdminStationReport => ({
  id: r.id,
  reason: r.reason,
  note: r.note,
  status: r.status,
  outcome: r.outcome,
  created_at: iso(r.created_at)!,
  resolved_at: iso(r.resolved_at),
  reporter: { id: r.reporter_id, display_name: r.reporter_name },
  sight: { id: r.sight_id, name: r.sight_name },
  station: {
    id: r.station_id,
    guide_id: r.guide_id,
    station_number: r.position,
    title: r.title,
    text: r.text,
    audio_url: r.audio_path && !r.hidden ? audioUrl(r.station_id, r.audio_rev) : null,
    hidden: r.hidden,
    renarrating: r.renarrate_job != null,
  },
});

/** Reports by status: open ones oldest first (a queue), resolved ones newest first. */
export async function listReports(
  q: Queryable,
  opts: { status: 'open' | 'resolved'; page: number; pageSize: number },
): Promise<{ items: AdminStationReport[]; total: number }> {
  const order = opts.status === 'open' ? 'r.created_at ASC, r.id' : 'r.resolved_at DESC, r.id';
  const { rows } = await q.query<AdminRow>(
    `${ADMIN_SELECT} WHERE r.status = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`,
    [opts.status, opts.pageSize, (opts.page - 1) * opts.pageSize],
  );
  const total = (
    await q.query<{ n: number }>('SELECT count(*)::int AS n FROM public.station_reports WHERE status = $1', [
      opts.status,
    ])
  ).rows[0].n;
  return { items: rows.map(toAdmin), total };
}

export type ReportAction = 'fix' | 'regenerate' | 'hide' | 'dismiss';
const OUTCOME: Record<ReportAction, ReportOutcome> = {
  fix: 'fixed',
  regenerate: 'regenerated',
  hide: 'hidden',
  dismiss: 'dismissed',
};
const DONE: Record<ReportOutcome, string> = {
  fixed: 'Station text fixed; it is being narrated again',
  regenerated: 'The station is being narrated again',
  hidden: 'Station hidden from listeners',
  dismissed: 'Report dismissed',
};

/**
 * An admin's action on a report, in the caller's transaction: changes the station (fix: new text, its old audio
 * goes and a re-narration is queued; regenerate: a re-narration is queued; hide: listeners no longer get it;
 * dismiss: nothing), resolves every open report on the station with the outcome and records the audit entry.
 */
export async function resolveReport(
  tx: Queryable,
  adminId: string,
  reportId: string,
  action: ReportAction,
  enqueue: EnqueueNarration,
  fix?: AdminReportFixInput,
): Promise<{ report: AdminStationReport; resolved: number; message: string }> {
  const r = (
    await tx.query<{ station_id: string; status: string; outcome: string | null }>(
      'SELECT station_id, status, outcome FROM public.station_reports WHERE id = $1 FOR UPDATE',
      [reportId],
    )
  ).rows[0];
  if (!r) throw notFound('Report not found');
  if (r.status !== 'open')
    throw new HttpError(409, `This report was already resolved (${r.outcome}).`, 'report_resolved');
  const stationId = r.station_id;
  // The station row is locked too, so two admins' actions on it run one after the other.
  const st = (
    await tx.query<{ guide_id: string | null }>(
      'SELECT guide_id FROM public.stations WHERE id = $1 FOR UPDATE',
      [stationId],
    )
  ).rows[0];
  if (!st) throw notFound('Station not found');
  if (action === 'fix') {
    if (!fix) throw new HttpError(400, 'The new station text is required');
    // The old narration says the old text: it goes (its file through media_garbage) until the new one is made.
    await tx.query(
      `INSERT INTO public.media_garbage (storage_path)
       SELECT audio_path FROM public.stations WHERE id = $1 AND audio_path IS NOT NULL ON CONFLICT DO NOTHING`,
      [stationId],
    );
    await tx.query(
      `UPDATE public.stations SET title = COALESCE($2, title), text = $3, sentences = '[]', audio_path = NULL, audio_mime = NULL,
              duration_s = NULL, audio_bytes = NULL
        WHERE id = $1`,
      [stationId, fix.title ?? null, fix.text],
    );
  }
  if (action === 'fix' || action === 'regenerate') {
    const job = await enqueue(tx, stationId);
    await tx.query('UPDATE public.stations SET renarrate_job = $2 WHERE id = $1', [stationId, job]);
  }
  if (action === 'hide')
    await tx.query('UPDATE public.stations SET hidden = true WHERE id = $1', [stationId]);
  const outcome = OUTCOME[action];
  const resolved = await tx.query(
    `UPDATE public.station_reports SET status = 'resolved', outcome = $2, resolved_by = $3, resolved_at = now()
      WHERE station_id = $1 AND status = 'open'`,
    [stationId, outcome, adminId],
  );
  await audit(tx, adminId, `station_report.${action}`, 'station_report', reportId, {
    station_id: stationId,
    outcome,
    ...(fix && { title: fix.title ?? null, text_length: fix.text.length }),
  });
  const report = toAdmin((await tx.query<AdminRow>(`${ADMIN_SELECT} WHERE r.id = $1`, [reportId])).rows[0]);
  const others = Math.max(0, (resolved.rowCount ?? 1) - 1);
  return {
    report,
    resolved: others,
    message:
      DONE[outcome] + (others ? ` (${others} more report${others === 1 ? '' : 's'} on it resolved)` : ''),
  };
}

import { z } from 'zod';
import { int, queryInt, text } from './api/input';
import {
  LISTEN_BATCH_MAX,
  LISTEN_EVENT_TYPES,
  REPORT_NOTE_MAX,
  REPORT_OUTCOMES,
  REPORT_REASONS,
} from './trust-limits';

/**
 * The trust loop (listeners report a guide station, admins fix, re-narrate or hide it) and
 * listening analytics (point 6). Shared by api/ (validation, OpenAPI) and @wayfarer/api-client (types).
 */

export * from './trust-limits';

const uuid = z.string().uuid('Invalid id');

export const StationIdParams = z.object({ stationId: uuid });
export const ReportIdParams = z.object({ id: uuid });

export const ReportReason = z.enum(REPORT_REASONS, {
  message: `reason must be one of ${REPORT_REASONS.join(', ')}`,
});
export type ReportReason = z.infer<typeof ReportReason>;
export const ReportOutcome = z.enum(REPORT_OUTCOMES);
export type ReportOutcome = z.infer<typeof ReportOutcome>;

export const StationReportInput = z
  .object({
    reason: ReportReason,
    /** Optional free text, trimmed; at most REPORT_NOTE_MAX characters. */
    note: text()
      .trim()
      .max(REPORT_NOTE_MAX, `The note can be at most ${REPORT_NOTE_MAX} characters.`)
      .default(''),
  })
  .strict();
export type StationReportInput = z.input<typeof StationReportInput>;

/** A listener's own report, as the sight page shows it. */
export const MyStationReport = z.object({
  id: z.string(),
  station_id: z.string(),
  guide_id: z.string(),
  /** The station's place in its guide (1-based as the player shows it). */
  station_number: z.number().int(),
  station_title: z.string(),
  reason: ReportReason,
  note: z.string(),
  status: z.enum(['open', 'resolved']),
  outcome: ReportOutcome.nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type MyStationReport = z.infer<typeof MyStationReport>;

export const StationReportResponse = z.object({
  ok: z.literal(true),
  report: MyStationReport,
  message: z.string(),
});
export type StationReportResponse = z.infer<typeof StationReportResponse>;
export const MyStationReportsResponse = z.object({ items: z.array(MyStationReport) });
export type MyStationReportsResponse = z.infer<typeof MyStationReportsResponse>;

// ---- admin

export const AdminReportsQuery = z.object({
  status: z.enum(['open', 'resolved']).default('open'),
  page: queryInt().min(1).default(1),
  pageSize: queryInt().min(1).max(100).default(25),
});
export type AdminReportsQuery = z.input<typeof AdminReportsQuery>;

export const AdminStationReport = z.object({
  id: z.string(),
  reason: ReportReason,
  note: z.string(),
  status: z.enum(['open', 'resolved']),
  outcome: ReportOutcome.nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  reporter: z.object({ id: z.string(), display_name: z.string().nullable() }),
  sight: z.object({ id: z.string(), name: z.string() }),
  station: z.object({
    id: z.string(),
    guide_id: z.string(),
    station_number: z.number().int(),
    title: z.string(),
    text: z.string(),
    /** API-relative audio URL (null while it is being narrated again, or for a hidden station). */
    audio_url: z.string().nullable(),
    hidden: z.boolean(),
    /** A re-narration is queued or running. */
    renarrating: z.boolean(),
  }),
});
export type AdminStationReport = z.infer<typeof AdminStationReport>;

export const AdminReportsResponse = z.object({
  ok: z.literal(true),
  items: z.array(AdminStationReport),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminReportsResponse = z.infer<typeof AdminReportsResponse>;

/** Fix the text: the station's new title and narration; it is narrated again with the new text. */
export const AdminReportFixInput = z
  .object({
    title: text().trim().min(1, 'Please enter a title.').max(200).optional(),
    text: text()
      .trim()
      .min(1, 'Please enter the station text.')
      .max(5000, 'The station text can be at most 5000 characters.'),
  })
  .strict();
export type AdminReportFixInput = z.input<typeof AdminReportFixInput>;

export const AdminReportResolveResponse = z.object({
  ok: z.literal(true),
  report: AdminStationReport,
  /** Other open reports on the same station resolved with it. */
  resolved: z.number().int(),
  message: z.string(),
});
export type AdminReportResolveResponse = z.infer<typeof AdminReportResolveResponse>;

// ---- listening analytics

export const ListenEvent = z
  .object({
    /** One play of one station, made up by the player: its events are merged, so a batch sent twice counts once. */
    play_id: uuid,
    station_id: uuid,
    type: z.enum(LISTEN_EVENT_TYPES),
    /** How much of the station has been heard, 0-1 (the furthest point counts). */
    fraction: z.number().finite().min(0, 'fraction must be 0-1').max(1, 'fraction must be 0-1').default(0),
  })
  .strict();
export type ListenEvent = z.input<typeof ListenEvent>;

export const ListenBatchInput = z
  .object({
    events: z
      .array(ListenEvent)
      .min(1, 'No events')
      .max(LISTEN_BATCH_MAX, `At most ${LISTEN_BATCH_MAX} events per batch`),
  })
  .strict();
export type ListenBatchInput = z.input<typeof ListenBatchInput>;
export const ListenBatchResponse = z.object({ ok: z.literal(true), accepted: int().min(0) });

export const ListeningQuery = z.object({
  days: queryInt().min(1).max(3650).default(30),
  /** Only this guide's stations in `stations`. */
  guide_id: uuid.optional(),
});
export type ListeningQuery = z.input<typeof ListeningQuery>;

const Counts = {
  plays_started: z.number().int(),
  plays_completed: z.number().int(),
  plays_skipped: z.number().int(),
  /** Mean of each play's furthest fraction heard, 0-1 (null without plays). */
  avg_listened_fraction: z.number().nullable(),
};
export const GuideListening = z.object({
  guide_id: z.string(),
  sight_id: z.string(),
  sight_name: z.string(),
  created_at: z.string(),
  ...Counts,
});
export type GuideListening = z.infer<typeof GuideListening>;
export const StationListening = z.object({
  guide_id: z.string(),
  station_id: z.string(),
  station_number: z.number().int(),
  title: z.string(),
  sight_name: z.string(),
  ...Counts,
});
export type StationListening = z.infer<typeof StationListening>;
export const ListeningResponse = z.object({
  ok: z.literal(true),
  days: z.number().int(),
  guides: z.array(GuideListening),
  stations: z.array(StationListening),
});
export type ListeningResponse = z.infer<typeof ListeningResponse>;

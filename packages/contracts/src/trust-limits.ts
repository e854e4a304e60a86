/**
 * The trust loop and listening analytics: the values the browser needs at run time
 * (no zod here; the schemas are in ./trust).
 */

/** Why a listener reports a guide station. */
export const REPORT_REASONS = ['inaccurate', 'offensive', 'audio_broken', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  inaccurate: 'Inaccurate',
  offensive: 'Offensive',
  audio_broken: 'Audio broken',
  other: 'Other',
};

/** The longest note a report may carry (characters). */
export const REPORT_NOTE_MAX = 1000;

/** What an admin did about a report. */
export const REPORT_OUTCOMES = ['fixed', 'regenerated', 'hidden', 'dismissed'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
/** The listener's words for an outcome ("Your report on station 2: fixed"). */
export const REPORT_OUTCOME_LABELS: Record<ReportOutcome, string> = {
  fixed: 'fixed',
  regenerated: 'narrated again',
  hidden: 'station removed',
  dismissed: 'reviewed, no change needed',
};

/** Listening events (the player batches them): a play started, finished, was skipped, or got this far. */
export const LISTEN_EVENT_TYPES = ['start', 'progress', 'complete', 'skip'] as const;
export type ListenEventType = (typeof LISTEN_EVENT_TYPES)[number];
/** Events per POST /guides/listening. */
export const LISTEN_BATCH_MAX = 100;

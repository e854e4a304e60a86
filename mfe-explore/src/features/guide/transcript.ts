import type { FactSource, Guide, GuideStation, SentenceTiming, Station } from '@wayfarer/contracts';
import type { TFunction } from '@wayfarer/i18n';
import { tExplore } from '../../i18n';

/**
 * Splits narration into sentences, keeping the punctuation (the API's rule, api/src/services/guide-writer.ts): also
 * the Arabic question mark and full stop, French spacing before ? and ! kept in the sentence, and no end at a dot
 * between digits or letters ('1.063').
 */
export function splitSentences(text: string): string[] {
  const parts =
    text.match(
      /(?:[^.!?…؟۔]|\.(?=[\p{L}\p{N}]))+[.!?…؟۔]+["'»”’)\]]*\s*|(?:[^.!?…؟۔]|\.(?=[\p{L}\p{N}]))+$/gu,
    ) ?? [];
  return parts.map((p) => p.trim()).filter(Boolean);
}

/**
 * The sentence being spoken at `time`: the audio has no word timings, so each sentence gets a share of the
 * duration proportional to its length.
 */
export function sentenceAt(sentences: string[], time: number, duration: number): number {
  if (!sentences.length || !(duration > 0)) return 0;
  const total = sentences.reduce((n, s) => n + s.length, 0);
  let acc = 0;
  for (let i = 0; i < sentences.length; i++) {
    acc += sentences[i].length;
    if (time < (acc / total) * duration) return i;
  }
  return sentences.length - 1;
}

export function formatTime(sec: number): string {
  if (!Number.isFinite(sec) || sec < 0) sec = 0;
  const m = Math.floor(sec / 60);
  const s = Math.floor(sec % 60);
  return `${m}:${String(s).padStart(2, '0')}`;
}

export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** The station's title, or 'Station 3' (in the page's language) when it has none. */
export function stationTitle(s: Pick<Station, 'title'>, i: number, t: TFunction = tExplore): string {
  return s.title || t('stations.station', { n: i + 1 });
}

/**
 * A station as the player uses it: the sight detail's station (contract `Station`) or a generated guide's (contract
 * `GuideStation`), which also brings its measured sentence timings, duration and the sources of its facts; a place may be absent.
 */
export type PlayableStation = Omit<Station, 'latitude' | 'longitude'> &
  Partial<Pick<Station, 'latitude' | 'longitude'>> &
  Partial<Pick<GuideStation, 'sentences' | 'duration_s'>> & { sources?: FactSource[] };

/** A guide's stations in the player's shape (nulls become absent fields; timings kept). */
export function toPlayerStations(guide: Pick<Guide, 'stations'>): PlayableStation[] {
  return guide.stations.map((s) => ({
    id: s.id,
    position: s.position,
    title: s.title,
    text: s.text,
    audio_url: s.audio_url,
    latitude: s.latitude ?? undefined,
    longitude: s.longitude ?? undefined,
    sentences: s.sentences,
    duration_s: s.duration_s,
    ...(s.sources?.length ? { sources: s.sources } : {}),
  }));
}

/** Guide stations from a generate-guide or sight-guide response ({ guide: { stations } }). */
export function stationsFromGuide(res: unknown): PlayableStation[] | null {
  if (!res || typeof res !== 'object') return null;
  const r = res as Record<string, unknown>;
  const g = (r.guide && typeof r.guide === 'object' ? r.guide : r) as Record<string, unknown>;
  if (!Array.isArray(g.stations)) return null;
  return toPlayerStations({
    stations: (g.stations as GuideStation[]).map((s) => ({
      ...s,
      sentences: Array.isArray(s.sentences) ? s.sentences : [],
    })),
  });
}

/** The station's measured sentence timings, when the API sent them. */
export function timedSentences(s: Partial<PlayableStation> | undefined): SentenceTiming[] | null {
  const t = s?.sentences;
  return Array.isArray(t) &&
    t.length > 0 &&
    t.every((x) => typeof x.start === 'number' && typeof x.text === 'string')
    ? t
    : null;
}

/** Index of the sentence being spoken at `time` from measured timings: the last one that has started. */
export function timedSentenceAt(timed: SentenceTiming[], time: number): number {
  let i = 0;
  for (let k = 0; k < timed.length; k++) if (timed[k].start <= time + 0.05) i = k;
  return i;
}

const KEY = 'wf-guide-resume';
/** Where the player stopped on a sight: station and time, and which guide (its first station's id) that was. */
export interface Resume {
  station: number;
  time: number;
  guide?: string;
}

/** The stored position on `sightId`, unless it was in another guide than `guide` (a new or translated one). */
export function readResume(sightId: string, guide?: string): Resume | null {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) || '{}') as Record<string, Resume>;
    const r = all[sightId];
    if (!r || typeof r.station !== 'number' || typeof r.time !== 'number') return null;
    return guide && r.guide && r.guide !== guide ? null : r;
  } catch {
    return null;
  }
}

export function writeResume(sightId: string, r: Resume): void {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) || '{}') as Record<string, Resume>;
    all[sightId] = r;
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // storage full or blocked: resuming is a nicety
  }
}

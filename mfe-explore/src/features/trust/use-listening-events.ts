import { useEffect, useRef, type RefObject } from 'react';
import { sendListening } from '@wayfarer/api-client';
import { LISTEN_BATCH_MAX, type ListenEventType } from '@wayfarer/contracts/browser';
import { getAccessToken, sessionStore, userStateAtom } from '@wayfarer/session';
import { isGuideStation, type ReportableStation } from './guide-station';

/** One listening event as POST /guides/listening takes it. */
export interface ListenEventOut {
  play_id: string;
  station_id: string;
  type: ListenEventType;
  fraction: number;
}

/** Events kept for a later send at most (a long offline walk drops the oldest). */
const MAX_PENDING = 500;

interface Play {
  id: string;
  station: string;
  /** The furthest fraction heard, and the furthest one sent. */
  fraction: number;
  sent: number;
}

/** A random (version 4) UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface ListeningDeps {
  send: (events: ListenEventOut[], keepalive: boolean) => Promise<unknown>;
}

const defaultDeps: ListeningDeps = {
  send: async (events, keepalive) => {
    // Signed out: there is no guide of theirs to count.
    if (!sessionStore.get(userStateAtom).user) return;
    const token = await getAccessToken().catch(() => null);
    if (!token) return;
    await sendListening({ events }, token, { keepalive });
  },
};

/**
 * Listening analytics from the guide player: a play starts when a guide station starts
 * playing; it is completed when the audio ends, skipped when the listener moves to another station before that;
 * the furthest fraction heard goes with every send. Events are batched and sent when playback pauses or ends, on
 * a station change and when the page is hidden or left (fetch keepalive, so the send outlives the page). A batch
 * that fails stays queued and goes again with the next one: the API merges a play's events, so nothing counts twice.
 * Only the listener's own guide stations are counted (the sight's own stations belong to no guide).
 */
export function useListeningEvents(
  audio: RefObject<HTMLAudioElement | null>,
  station: ReportableStation | undefined,
  deps: ListeningDeps = defaultDeps,
) {
  const pending = useRef<ListenEventOut[]>([]);
  const play = useRef<Play | null>(null);
  const sending = useRef(false);
  const depsRef = useRef(deps);
  depsRef.current = deps;

  const flush = useRef((keepalive: boolean) => {
    const p = play.current;
    if (p && p.fraction > p.sent) {
      pending.current.push({
        play_id: p.id,
        station_id: p.station,
        type: 'progress',
        fraction: round(p.fraction),
      });
      p.sent = p.fraction;
    }
    if (!pending.current.length || (sending.current && !keepalive)) return;
    const batch = pending.current.splice(0, LISTEN_BATCH_MAX);
    sending.current = true;
    void depsRef.current.send(batch, keepalive).then(
      () => {
        sending.current = false;
        // Events queued while this batch was on its way.
        if (pending.current.length && !keepalive) flush.current(false);
      },
      () => {
        sending.current = false;
        // Sent again with the next batch (the API merges a play's events: nothing counts twice).
        pending.current = [...batch, ...pending.current].slice(-MAX_PENDING);
      },
    );
  });

  const guideStation = isGuideStation(station) ? station.id : null;

  // A new station: a play of the previous one that did not finish was skipped.
  useEffect(() => {
    const p = play.current;
    if (p && p.station !== guideStation) {
      pending.current.push({
        play_id: p.id,
        station_id: p.station,
        type: 'skip',
        fraction: round(p.fraction),
      });
      p.sent = p.fraction;
      play.current = null;
      flush.current(false);
    }
  }, [guideStation]);

  useEffect(() => {
    const a = audio.current;
    if (!a || !guideStation) return;
    const fraction = () => {
      const d = a.duration;
      return Number.isFinite(d) && d > 0 ? Math.min(1, Math.max(0, a.currentTime / d)) : 0;
    };
    const onPlay = () => {
      if (play.current?.station === guideStation) return;
      play.current = { id: newId(), station: guideStation, fraction: fraction(), sent: 0 };
      pending.current.push({
        play_id: play.current.id,
        station_id: guideStation,
        type: 'start',
        fraction: round(play.current.fraction),
      });
    };
    const onTime = () => {
      const p = play.current;
      if (p && p.station === guideStation) p.fraction = Math.max(p.fraction, fraction());
    };
    const onPause = () => {
      // The pause that comes with the end is handled by onEnded.
      if (!a.ended) flush.current(false);
    };
    const onEnded = () => {
      const p = play.current;
      if (!p || p.station !== guideStation) return;
      p.fraction = 1;
      p.sent = 1;
      pending.current.push({ play_id: p.id, station_id: p.station, type: 'complete', fraction: 1 });
      play.current = null;
      flush.current(false);
    };
    a.addEventListener('play', onPlay);
    a.addEventListener('timeupdate', onTime);
    a.addEventListener('pause', onPause);
    a.addEventListener('ended', onEnded);
    return () => {
      a.removeEventListener('play', onPlay);
      a.removeEventListener('timeupdate', onTime);
      a.removeEventListener('pause', onPause);
      a.removeEventListener('ended', onEnded);
    };
  }, [audio, guideStation]);

  // The page hidden or left: what was heard so far goes at once, and survives the unload.
  useEffect(() => {
    const onHide = () => flush.current(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      onHide();
    };
  }, []);
}

const round = (f: number) => Math.round(f * 1000) / 1000;

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Station } from '../sight-detail/types';
import { apiUrl } from '../sight-detail/absolute-url';
import { StationSources } from '../facts/station-sources';
import {
  formatTime,
  readResume,
  sentenceAt,
  splitSentences,
  SPEEDS,
  stationTitle,
  timedSentenceAt,
  timedSentences,
  writeResume,
  type PlayableStation,
} from './transcript';

/**
 * The page's request to start playback of `current`: `seq` grows with every request (0: none yet). A station "Play"
 * button continues where the station was left; follow me sets `fromStart`, since someone arriving at a station
 * should hear its narration from the beginning, not the middle of an earlier (or remembered) listen.
 */
export interface PlayRequest {
  seq: number;
  fromStart: boolean;
}

export const NO_PLAY_REQUEST: PlayRequest = { seq: 0, fromStart: false };

export interface GuidePlayerProps {
  sightId: string;
  stations: Station[];
  current: number;
  onCurrentChange: (i: number) => void;
  /** Replaced by the page (station "Play" buttons, follow me) to start playback of `current`. */
  playRequest: PlayRequest;
}

/** Sticky narrated-guide player: one audio element, station queue, transcript following. */
export function GuidePlayer({ sightId, stations, current, onCurrentChange, playRequest }: GuidePlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [speed, setSpeed] = useState(1);
  /** The remembered position, applied once when that station's audio loads (and dropped by a from-start request). */
  const resumeAt = useRef<{ station: number; time: number } | null>(null);
  const autoplay = useRef(false);
  const station = stations[current];
  // Measured timings from the guide when present; otherwise a length share of the duration per sentence.
  const timed = useMemo(() => timedSentences(station), [station]);
  const sentences = useMemo(() => (timed ? timed.map((t) => t.text) : splitSentences(station?.text ?? '')), [timed, station?.text]);
  const spoken = timed ? timedSentenceAt(timed, time) : sentenceAt(sentences, time, duration);

  useEffect(() => {
    const r = readResume(sightId);
    if (r && r.station < stations.length) {
      resumeAt.current = r;
      if (r.station !== current) onCurrentChange(r.station);
    }
    // only on first mount for this sight
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sightId]);

  useEffect(() => {
    if (playRequest.seq === 0) return;
    autoplay.current = true;
    const a = audio.current;
    // Audio of another station is still loading: onLoadedMetadata starts it (at 0:00 once resumeAt is gone).
    if (playRequest.fromStart) resumeAt.current = null;
    if (a && a.readyState > 0 && a.src) {
      if (playRequest.fromStart) {
        a.currentTime = 0;
        setTime(0);
      }
      void a.play().catch(() => setPlaying(false));
    }
  }, [playRequest]);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = speed;
  }, [speed, current]);

  const go = useCallback(
    (i: number, play: boolean) => {
      if (i < 0 || i >= stations.length) return;
      autoplay.current = play;
      resumeAt.current = null;
      setTime(0);
      onCurrentChange(i);
    },
    [stations.length, onCurrentChange],
  );

  const toggle = () => {
    const a = audio.current;
    if (!a) return;
    if (a.paused) void a.play().catch(() => setPlaying(false));
    else a.pause();
  };

  const seek = (t: number) => {
    const a = audio.current;
    if (!a) return;
    a.currentTime = Math.max(0, Math.min(t, a.duration || t));
    setTime(a.currentTime);
  };

  const onKey = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement).tagName === 'INPUT' && (e.target as HTMLInputElement).type !== 'range') return;
    if (e.key === ' ') {
      e.preventDefault();
      toggle();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      seek((audio.current?.currentTime ?? 0) + 5);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      seek((audio.current?.currentTime ?? 0) - 5);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      go(current - 1, playing);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      go(current + 1, playing);
    }
  };

  if (!station) return null;
  return (
    <section
      className="wf-card explore-player"
      aria-label="Audio guide player"
      tabIndex={0}
      onKeyDown={onKey}
      data-testid="guide-player"
    >
      <audio
        ref={audio}
        src={apiUrl(station.audio_url) ?? undefined}
        preload="metadata"
        onLoadedMetadata={(e) => {
          const a = e.currentTarget;
          setDuration(a.duration);
          a.playbackRate = speed;
          const r = resumeAt.current;
          if (r && r.station === current) {
            a.currentTime = Math.min(r.time, a.duration || r.time);
            resumeAt.current = null;
          }
          if (autoplay.current) void a.play().catch(() => setPlaying(false));
        }}
        onTimeUpdate={(e) => {
          const t = e.currentTarget.currentTime;
          setTime(t);
          writeResume(sightId, { station: current, time: t });
        }}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          if (current + 1 < stations.length) go(current + 1, true);
          else writeResume(sightId, { station: 0, time: 0 });
        }}
      />
      <div className="explore-player__head">
        <strong data-testid="player-station">
          {current + 1}/{stations.length} · {stationTitle(station, current)}
        </strong>
      </div>
      <div className="explore-player__controls">
        <button type="button" className="wf-btn" onClick={() => go(current - 1, playing)} disabled={current === 0} aria-label="Previous station">
          ⏮
        </button>
        <button type="button" className="wf-btn wf-btn--primary" onClick={toggle} aria-label={playing ? 'Pause' : 'Play'} disabled={!station.audio_url}>
          {playing ? '❚❚' : '▶'}
        </button>
        <button
          type="button"
          className="wf-btn"
          onClick={() => go(current + 1, playing)}
          disabled={current >= stations.length - 1}
          aria-label="Next station"
        >
          ⏭
        </button>
        <span className="explore-player__time" data-testid="player-time">
          {formatTime(time)}
        </span>
        <input
          type="range"
          className="explore-player__seek"
          min={0}
          max={duration || 0}
          step={0.1}
          value={Math.min(time, duration || 0)}
          onChange={(e) => seek(Number(e.target.value))}
          aria-label="Seek"
          aria-valuetext={`${formatTime(time)} of ${formatTime(duration)}`}
        />
        <span className="explore-player__time">{formatTime(duration)}</span>
        <label className="explore-player__speed">
          <span className="wf-visually-hidden">Playback speed</span>
          <select className="wf-input" value={speed} onChange={(e) => setSpeed(Number(e.target.value))} aria-label="Playback speed">
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}x
              </option>
            ))}
          </select>
        </label>
      </div>
      {!station.audio_url && <p className="wf-muted">This station has no audio yet.</p>}
      {sentences.length > 0 && (
        <p className="explore-player__transcript" aria-live="off" data-testid="transcript">
          {sentences.map((s, i) => (
            <span key={i} className={i === spoken && playing ? 'is-spoken' : undefined} aria-current={i === spoken ? 'true' : undefined}>
              {s}{' '}
            </span>
          ))}
        </p>
      )}
      <StationSources sources={(station as PlayableStation).sources} />
    </section>
  );
}

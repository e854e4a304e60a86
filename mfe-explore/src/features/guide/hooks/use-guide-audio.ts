import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { readResume, writeResume } from '../transcript';

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

interface Options {
  sightId: string;
  /** The guide on air (its first station's id): a position stored for another guide is not applied. */
  guideKey?: string;
  stationCount: number;
  current: number;
  onCurrentChange: (i: number) => void;
  playRequest: PlayRequest;
}

/**
 * The one audio element of the guide: play/pause, seeking, speed, moving between stations (the next one starts when
 * one ends), the remembered position per sight (applied once, when that station's audio loads) and the page's
 * play requests. `audioProps` go on the <audio>.
 */
export function useGuideAudio({
  sightId,
  guideKey,
  stationCount,
  current,
  onCurrentChange,
  playRequest,
}: Options) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [speed, setSpeed] = useState(1);
  /** The remembered position, applied once when that station's audio loads (and dropped by a from-start request). */
  const resumeAt = useRef<{ station: number; time: number } | null>(null);
  const autoplay = useRef(false);
  /** The time a remembered position was applied at (shown as 'Resumed at 1:23' until the traveller moves on). */
  const [resumedAt, setResumedAt] = useState<number | null>(null);

  useEffect(() => {
    const r = readResume(sightId, guideKey);
    if (r && r.station < stationCount) {
      resumeAt.current = r;
      if (r.station !== current) onCurrentChange(r.station);
    }
    // once per sight and guide (a stored guide replaces the sight's own stations once it has loaded)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sightId, guideKey]);

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
      if (i < 0 || i >= stationCount) return;
      autoplay.current = play;
      resumeAt.current = null;
      setResumedAt(null);
      setTime(0);
      onCurrentChange(i);
    },
    [stationCount, onCurrentChange],
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
  const seekBy = (dt: number) => seek((audio.current?.currentTime ?? 0) + dt);
  const play = () => void audio.current?.play().catch(() => setPlaying(false));
  const pause = () => audio.current?.pause();
  const startOver = () => {
    seek(0);
    setResumedAt(null);
  };

  const audioProps = {
    ref: audio,
    onLoadedMetadata: (e: SyntheticEvent<HTMLAudioElement>) => {
      const a = e.currentTarget;
      setDuration(a.duration);
      a.playbackRate = speed;
      const r = resumeAt.current;
      if (r && r.station === current) {
        a.currentTime = Math.min(r.time, a.duration || r.time);
        resumeAt.current = null;
        if (a.currentTime >= 1) setResumedAt(a.currentTime);
      }
      if (autoplay.current) void a.play().catch(() => setPlaying(false));
    },
    onTimeUpdate: (e: SyntheticEvent<HTMLAudioElement>) => {
      const t = e.currentTarget.currentTime;
      setTime(t);
      writeResume(sightId, { station: current, time: t, guide: guideKey });
    },
    onPlay: () => setPlaying(true),
    onPause: () => setPlaying(false),
    onEnded: () => {
      setPlaying(false);
      if (current + 1 < stationCount) go(current + 1, true);
      else writeResume(sightId, { station: 0, time: 0, guide: guideKey });
    },
  };

  return {
    audioProps,
    playing,
    time,
    duration,
    speed,
    setSpeed,
    go,
    toggle,
    seek,
    seekBy,
    play,
    pause,
    resumedAt,
    startOver,
  };
}

import { useEffect, useRef, type RefObject } from 'react';
import {
  mediaSessionOf,
  setActionHandlers,
  setNowPlaying,
  updatePosition,
  type NowPlaying,
  type PlayerActions,
} from '../utils/media-session';

/**
 * The lock-screen and notification controls of the guide player (Media Session): metadata for the station on air,
 * play, pause, 15 s back and forward, seek, previous and next station, and the position kept current. Nothing here
 * (or elsewhere in the player) pauses on visibilitychange, so the narration goes on with the screen locked.
 */
export function useMediaSession(
  audio: RefObject<HTMLAudioElement | null>,
  now: NowPlaying,
  playing: boolean,
  actions: PlayerActions,
): void {
  const latest = useRef(actions);
  latest.current = actions;
  const hasPrevious = actions.previous !== null;
  const hasNext = actions.next !== null;

  useEffect(() => {
    const ms = mediaSessionOf();
    if (ms) setNowPlaying(ms, now);
  }, [now.station, now.sight, now.artwork]); // eslint-disable-line react-hooks/exhaustive-deps -- `now` is rebuilt every render

  useEffect(() => {
    const ms = mediaSessionOf();
    if (!ms) return;
    // Handlers read the latest actions, so they are set again only when previous/next come or go.
    return setActionHandlers(ms, {
      play: () => latest.current.play(),
      pause: () => latest.current.pause(),
      seekBy: (dt) => latest.current.seekBy(dt),
      seekTo: (t) => latest.current.seekTo(t),
      previous: hasPrevious ? () => latest.current.previous?.() : null,
      next: hasNext ? () => latest.current.next?.() : null,
    });
  }, [hasPrevious, hasNext]);

  useEffect(() => {
    const ms = mediaSessionOf();
    if (ms) ms.playbackState = playing ? 'playing' : 'paused';
  }, [playing]);

  useEffect(() => {
    const ms = mediaSessionOf();
    const a = audio.current;
    if (!ms || !a) return;
    const onChange = () => updatePosition(ms, a);
    const events = ['loadedmetadata', 'durationchange', 'ratechange', 'seeked', 'play', 'pause'] as const;
    for (const e of events) a.addEventListener(e, onChange);
    onChange();
    return () => {
      for (const e of events) a.removeEventListener(e, onChange);
    };
  }, [audio]);

  // The metadata belongs to this player: it goes when the player does.
  useEffect(
    () => () => {
      const ms = mediaSessionOf();
      if (ms) {
        ms.metadata = null;
        ms.playbackState = 'none';
      }
    },
    [],
  );
}

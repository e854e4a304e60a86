/**
 * The guide player's glue to the Media Session API: what the lock screen and the system's media
 * notification show (station, sight, artwork) and the controls they offer. Kept apart from React so it is tested
 * on its own; a browser without `navigator.mediaSession` gets nothing and needs nothing.
 */
export const SEEK_STEP_S = 15;
export const MEDIA_ARTIST = 'Wayfarer';

export interface NowPlaying {
  station: string;
  sight: string;
  /** The sight's photo (absolute URL), else the page's own icon. */
  artwork: string | null;
}

export interface PlayerActions {
  play: () => void;
  pause: () => void;
  seekBy: (dt: number) => void;
  seekTo: (t: number) => void;
  /** Moves to station i and keeps playing when it was playing. */
  previous: (() => void) | null;
  next: (() => void) | null;
}

export const mediaSessionOf = (nav: Navigator | undefined = globalThis.navigator): MediaSession | null =>
  nav && 'mediaSession' in nav && nav.mediaSession ? nav.mediaSession : null;

/** The page's icon (its apple-touch-icon or icon link), the artwork when the sight has no photo. */
export function pageIcon(doc: Document | undefined = globalThis.document): string | null {
  const link = doc?.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"], link[rel~="icon"]');
  return link?.href || null;
}

export function metadataInit({ station, sight, artwork }: NowPlaying): MediaMetadataInit {
  const src = artwork ?? pageIcon();
  return { title: station, artist: MEDIA_ARTIST, album: sight, artwork: src ? [{ src }] : [] };
}

export function setNowPlaying(ms: MediaSession, now: NowPlaying): void {
  if (typeof MediaMetadata === 'undefined') return;
  ms.metadata = new MediaMetadata(metadataInit(now));
}

const HANDLED: MediaSessionAction[] = [
  'play',
  'pause',
  'seekbackward',
  'seekforward',
  'seekto',
  'previoustrack',
  'nexttrack',
];

/** Sets the player's action handlers (previous/next only where there is such a station); returns their removal. */
export function setActionHandlers(ms: MediaSession, a: PlayerActions): () => void {
  const handlers: Partial<Record<MediaSessionAction, MediaSessionActionHandler | null>> = {
    play: () => a.play(),
    pause: () => a.pause(),
    seekbackward: (d) => a.seekBy(-(d.seekOffset || SEEK_STEP_S)),
    seekforward: (d) => a.seekBy(d.seekOffset || SEEK_STEP_S),
    seekto: (d) => {
      if (typeof d.seekTime === 'number') a.seekTo(d.seekTime);
    },
    previoustrack: a.previous && (() => a.previous?.()),
    nexttrack: a.next && (() => a.next?.()),
  };
  for (const action of HANDLED) set(ms, action, handlers[action] ?? null);
  return () => {
    for (const action of HANDLED) set(ms, action, null);
  };
}

function set(ms: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    ms.setActionHandler(action, handler);
  } catch {
    // An action this browser does not know (older ones lack seekto): the others still work.
  }
}

/** The position the system shows, when the audio has a known length (setPositionState refuses anything else). */
export function updatePosition(
  ms: MediaSession,
  audio: Pick<HTMLMediaElement, 'duration' | 'currentTime' | 'playbackRate'>,
) {
  const { duration, currentTime, playbackRate } = audio;
  if (typeof ms.setPositionState !== 'function' || !Number.isFinite(duration) || duration <= 0) return;
  try {
    ms.setPositionState({
      duration,
      position: Math.min(Math.max(0, currentTime), duration),
      playbackRate: playbackRate > 0 ? playbackRate : 1,
    });
  } catch {
    // a state the browser finds inconsistent mid-change: the next update corrects it
  }
}

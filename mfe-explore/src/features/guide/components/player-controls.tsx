import { PauseIcon, PlayIcon, SkipBackIcon, SkipForwardIcon } from '@wayfarer/ui/icons';
import { formatTime, SPEEDS } from '../transcript';

interface Props {
  current: number;
  count: number;
  playing: boolean;
  canPlay: boolean;
  time: number;
  duration: number;
  speed: number;
  onGo: (i: number) => void;
  onToggle: () => void;
  onSeek: (t: number) => void;
  onSpeed: (s: number) => void;
}

/** Previous/next station, play/pause, position and seek bar, speed. */
export function PlayerControls({
  current,
  count,
  playing,
  canPlay,
  time,
  duration,
  speed,
  onGo,
  onToggle,
  onSeek,
  onSpeed,
}: Props) {
  return (
    <div className="explore-player__controls">
      <button
        type="button"
        className="wf-btn"
        onClick={() => onGo(current - 1)}
        disabled={current === 0}
        aria-label="Previous station"
      >
        <SkipBackIcon aria-hidden="true" className="wf-icon" />
      </button>
      <button
        type="button"
        className="wf-btn wf-btn--primary"
        onClick={onToggle}
        aria-label={playing ? 'Pause' : 'Play'}
        disabled={!canPlay}
      >
        {playing ? (
          <PauseIcon aria-hidden="true" className="wf-icon" />
        ) : (
          <PlayIcon aria-hidden="true" className="wf-icon" />
        )}
      </button>
      <button
        type="button"
        className="wf-btn"
        onClick={() => onGo(current + 1)}
        disabled={current >= count - 1}
        aria-label="Next station"
      >
        <SkipForwardIcon aria-hidden="true" className="wf-icon" />
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
        onChange={(e) => onSeek(Number(e.target.value))}
        aria-label="Seek"
        aria-valuetext={`${formatTime(time)} of ${formatTime(duration)}`}
      />
      <span className="explore-player__time">{formatTime(duration)}</span>
      <label className="explore-player__speed">
        <span className="wf-visually-hidden">Playback speed</span>
        <select
          className="wf-input"
          value={speed}
          onChange={(e) => onSpeed(Number(e.target.value))}
          aria-label="Playback speed"
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}x
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

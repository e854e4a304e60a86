import { PauseIcon, PlayIcon, SkipBackIcon, SkipForwardIcon } from '@wayfarer/ui/icons';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
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

/**
 * Previous/next station, play/pause, position and seek bar, speed. Laid out left to right in every language (as media
 * players are, Arabic ones included): the seek bar fills from the left and the arrow keys seek as they point.
 */
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
  const { t } = useTranslation(EXPLORE_NS);
  const { number } = useFormat();
  return (
    <div className="explore-player__controls" dir="ltr">
      <button
        type="button"
        className="wf-btn"
        onClick={() => onGo(current - 1)}
        disabled={current === 0}
        aria-label={t('player.previous')}
      >
        <SkipBackIcon aria-hidden="true" className="wf-icon" />
      </button>
      <button
        type="button"
        className="wf-btn wf-btn--primary"
        onClick={onToggle}
        aria-label={playing ? t('player.pause') : t('player.play')}
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
        aria-label={t('player.next')}
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
        aria-label={t('player.seek')}
        aria-valuetext={t('player.seekValue', { time: formatTime(time), duration: formatTime(duration) })}
      />
      <span className="explore-player__time">{formatTime(duration)}</span>
      <label className="explore-player__speed">
        <span className="wf-visually-hidden">{t('player.speed')}</span>
        <select
          className="wf-input"
          value={speed}
          onChange={(e) => onSpeed(Number(e.target.value))}
          aria-label={t('player.speed')}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {t('player.speedValue', { speed: number(s) })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

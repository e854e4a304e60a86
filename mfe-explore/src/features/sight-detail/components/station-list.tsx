import { PlayIcon } from '@wayfarer/ui/icons';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { stationTitle, type PlayableStation } from '../../guide';

interface Props {
  stations: PlayableStation[];
  current: number;
  onPlay: (i: number) => void;
}

/** One stop of the guide: its title, a Play button and its text. */
export function StationItem({
  station,
  index,
  current,
  onPlay,
}: {
  station: PlayableStation;
  index: number;
  current: boolean;
  onPlay: (i: number) => void;
}) {
  const { t } = useTranslation(EXPLORE_NS);
  const title = stationTitle(station, index, t);
  return (
    <li
      className={current ? 'is-current' : undefined}
      aria-current={current ? 'step' : undefined}
      data-testid="station"
    >
      <div className="explore-station__head">
        <strong>
          {index + 1}. {title}
        </strong>
        <button
          type="button"
          className="wf-btn wf-btn--ghost"
          onClick={() => onPlay(index)}
          disabled={!station.audio_url}
          aria-label={t('stations.playTitle', { title })}
        >
          <PlayIcon aria-hidden="true" className="wf-icon" /> {t('stations.play')}
        </button>
      </div>
      {station.text && <p>{station.text}</p>}
    </li>
  );
}

/** The guide's stations in order; the current one is marked. */
export function StationList({ stations, current, onPlay }: Props) {
  return (
    <ol className="explore-station-list">
      {stations.map((s, i) => (
        <StationItem key={s.id ?? i} station={s} index={i} current={i === current} onPlay={onPlay} />
      ))}
    </ol>
  );
}

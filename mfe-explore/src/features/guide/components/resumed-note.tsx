import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { formatTime } from '../transcript';

/** 'Resumed at 1:23' after the player picked up where the traveller stopped, with a way back to the start. */
export function ResumedNote({ at, onStartOver }: { at: number; onStartOver: () => void }) {
  const { t } = useTranslation(EXPLORE_NS);
  return (
    <p className="wf-muted explore-player__resumed">
      <span role="status" data-testid="player-resumed">
        {t('mediaSession.resumedAt', { time: formatTime(at) })}
      </span>{' '}
      <button type="button" className="wf-btn wf-btn--ghost" onClick={onStartOver}>
        {t('mediaSession.startOver')}
      </button>
    </p>
  );
}

import { Link } from '@wayfarer/router';
import { useCurrentUser } from '@wayfarer/session';
import { useTranslation } from '@wayfarer/i18n';
import { Trans } from '@wayfarer/i18n/trans';
import { EXPLORE_NS } from '../../../i18n';
import { GenerateGuide, type PlayableStation } from '../../guide';
import { FollowMe } from '../../follow-me';
import type { Position } from '../hooks/use-granted-position';
import { ReportOutcomes } from '../../trust';
import { StationList } from './station-list';

interface Props {
  sightId: string;
  stations: PlayableStation[];
  current: number;
  onStations: (s: PlayableStation[]) => void;
  onPlay: (i: number) => void;
  /** Follow me arrived at station i: play it from its beginning. */
  onArrive: (i: number) => void;
  onPosition: (p: Position) => void;
}

/** Stations: 'Generate guide' (signed in), follow me, and the list of stations with their Play buttons. */
export function StationsSection({
  sightId,
  stations,
  current,
  onStations,
  onPlay,
  onArrive,
  onPosition,
}: Props) {
  const { t } = useTranslation(EXPLORE_NS);
  const me = useCurrentUser();
  return (
    <section aria-labelledby="stations-h" className="explore-stations">
      <h2 id="stations-h">{t('stations.title')}</h2>
      {me ? (
        <>
          <GenerateGuide key={sightId} sightId={sightId} onStations={onStations} />
          <ReportOutcomes sightId={sightId} />
        </>
      ) : (
        <p className="wf-muted">
          <Trans
            t={t}
            i18nKey="stations.signInToGenerate"
            components={{ signin: <Link to={`/login?next=${encodeURIComponent(`/explore/${sightId}`)}`} /> }}
          />
        </p>
      )}
      {stations.length === 0 ? (
        <p className="wf-muted">{t('stations.none')}</p>
      ) : (
        <>
          <FollowMe stations={stations} onEnter={onArrive} onPosition={onPosition} />
          <StationList stations={stations} current={current} onPlay={onPlay} />
        </>
      )}
    </section>
  );
}

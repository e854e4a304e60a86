import type { KeyboardEvent } from 'react';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../i18n';
import { apiUrl } from '../../lib/api-url';
import { stationTitle, type PlayableStation } from './transcript';
import { useGuideAudio, type PlayRequest } from './hooks/use-guide-audio';
import { useMediaSession } from './hooks/use-media-session';
import { ResumedNote } from './components/resumed-note';
import { PlayerControls } from './components/player-controls';
import { PlayerTranscript } from './components/player-transcript';
import { ReportProblem, useListeningEvents } from '../trust';
import { StationSources } from '../facts';

export { NO_PLAY_REQUEST, type PlayRequest } from './hooks/use-guide-audio';

export interface GuidePlayerProps {
  sightId: string;
  /** The sight's name and photo (absolute URL), for the lock screen's media controls. */
  sightName?: string;
  artwork?: string | null;
  stations: PlayableStation[];
  current: number;
  onCurrentChange: (i: number) => void;
  /** Replaced by the page (station "Play" buttons, follow me) to start playback of `current`. */
  playRequest: PlayRequest;
}

/** Sticky narrated-guide player: one audio element, station queue, transcript following. */
export function GuidePlayer(props: GuidePlayerProps) {
  const { sightId, sightName = '', artwork = null, stations, current, onCurrentChange, playRequest } = props;
  const { t } = useTranslation(EXPLORE_NS);
  const player = useGuideAudio({
    sightId,
    guideKey: stations[0]?.id,
    stationCount: stations.length,
    current,
    onCurrentChange,
    playRequest,
  });
  const { playing, time, duration } = player;
  const station = stations[current];
  useListeningEvents(player.audioProps.ref, station);
  useMediaSession(
    player.audioProps.ref,
    { station: station ? stationTitle(station, current) : '', sight: sightName, artwork },
    playing,
    {
      play: player.play,
      pause: player.pause,
      seekBy: player.seekBy,
      seekTo: player.seek,
      previous: current > 0 ? () => player.go(current - 1, playing) : null,
      next: current + 1 < stations.length ? () => player.go(current + 1, playing) : null,
    },
  );

  const onKey = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement).tagName === 'INPUT' && (e.target as HTMLInputElement).type !== 'range')
      return;
    const keys: Record<string, () => void> = {
      ' ': player.toggle,
      ArrowRight: () => player.seekBy(5),
      ArrowLeft: () => player.seekBy(-5),
      ArrowUp: () => player.go(current - 1, playing),
      ArrowDown: () => player.go(current + 1, playing),
    };
    if (!Object.hasOwn(keys, e.key)) return;
    e.preventDefault();
    keys[e.key]();
  };

  if (!station) return null;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the player's shortcuts (space, arrows) work wherever focus is in it; every action is a native control too
    <section
      className="wf-card explore-player"
      aria-label={t('player.label')}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so the shortcuts work before a control is picked
      tabIndex={0}
      onKeyDown={onKey}
      data-testid="guide-player"
    >
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- audio only: the synchronised transcript below is its text alternative */}
      <audio {...player.audioProps} src={apiUrl(station.audio_url) ?? undefined} preload="metadata" />
      <div className="explore-player__head">
        <strong data-testid="player-station">
          {current + 1}/{stations.length} · {stationTitle(station, current, t)}
        </strong>
      </div>
      <PlayerControls
        current={current}
        count={stations.length}
        playing={playing}
        canPlay={Boolean(station.audio_url)}
        time={time}
        duration={duration}
        speed={player.speed}
        onGo={(i) => player.go(i, playing)}
        onToggle={player.toggle}
        onSeek={player.seek}
        onSpeed={player.setSpeed}
      />
      {player.resumedAt != null && <ResumedNote at={player.resumedAt} onStartOver={player.startOver} />}
      {!station.audio_url && <p className="wf-muted">{t('player.noAudio')}</p>}
      <PlayerTranscript station={station} time={time} duration={duration} playing={playing} />
      <StationSources sources={station.sources} />
      <ReportProblem sightId={sightId} station={station} number={current + 1} />
    </section>
  );
}

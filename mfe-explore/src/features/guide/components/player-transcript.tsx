import { useMemo } from 'react';
import {
  sentenceAt,
  splitSentences,
  timedSentenceAt,
  timedSentences,
  type PlayableStation,
} from '../transcript';

/**
 * The station's text, one span per sentence, the one being spoken marked: from the guide's measured timings when
 * present, otherwise a length share of the duration per sentence.
 */
export function PlayerTranscript({
  station,
  time,
  duration,
  playing,
}: {
  station: PlayableStation;
  time: number;
  duration: number;
  playing: boolean;
}) {
  const timed = useMemo(() => timedSentences(station), [station]);
  const sentences = useMemo(
    () => (timed ? timed.map((t) => t.text) : splitSentences(station.text ?? '')),
    [timed, station.text],
  );
  const spoken = timed ? timedSentenceAt(timed, time) : sentenceAt(sentences, time, duration);
  if (sentences.length === 0) return null;
  return (
    <p className="explore-player__transcript" aria-live="off" data-testid="transcript">
      {sentences.map((s, i) => (
        <span
          key={i}
          className={i === spoken && playing ? 'is-spoken' : undefined}
          aria-current={i === spoken ? 'true' : undefined}
        >
          {s}{' '}
        </span>
      ))}
    </p>
  );
}

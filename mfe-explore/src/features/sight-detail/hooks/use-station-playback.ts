import { useCallback, useEffect, useState } from 'react';
import { NO_PLAY_REQUEST, type PlayableStation, type PlayRequest } from '../../guide';

/**
 * The guide on the page: its stations (the sight's, replaced by a generated guide's as it is made), the current one
 * and the requests to play it (a station's Play button continues; arriving there with follow me starts over).
 */
export function useStationPlayback(sightId: string, fromDetail: PlayableStation[]) {
  const [generated, setGenerated] = useState<{ sightId: string; stations: PlayableStation[] } | null>(null);
  const [current, setCurrent] = useState(0);
  const [playRequest, setPlayRequest] = useState<PlayRequest>(NO_PLAY_REQUEST);

  useEffect(() => setCurrent(0), [sightId]);

  const stations = generated?.sightId === sightId ? generated.stations : fromDetail;

  const play = useCallback((i: number, fromStart = false) => {
    setCurrent(i);
    setPlayRequest((r) => ({ seq: r.seq + 1, fromStart }));
  }, []);
  const playFromStart = useCallback((i: number) => play(i, true), [play]);
  const setStations = useCallback(
    (s: PlayableStation[]) => {
      setGenerated({ sightId, stations: s });
      setCurrent(0);
    },
    [sightId],
  );

  return { stations, setStations, current, setCurrent, playRequest, play, playFromStart };
}

import { useEffect, useRef, useState } from 'react';
import type { Station } from '../sight-detail/types';
import { DEFAULT_RADIUS_M, stationToTrigger } from './geo';

/**
 * Follows the browser position (after the user opts in) and calls onEnter(i) the first time the user comes within
 * a station's radius. Also reports the position so the page can show the distance.
 */
export function FollowMe({
  stations,
  onEnter,
  onPosition,
}: {
  stations: Station[];
  onEnter: (i: number) => void;
  onPosition?: (p: { lat: number; lon: number }) => void;
}) {
  const [on, setOn] = useState(false);
  const [radius, setRadius] = useState(DEFAULT_RADIUS_M);
  const [error, setError] = useState<string | null>(null);
  const triggered = useRef(new Set<number>());
  const latest = useRef({ stations, onEnter, onPosition, radius });
  latest.current = { stations, onEnter, onPosition, radius };

  useEffect(() => {
    triggered.current = new Set();
  }, [stations]);

  useEffect(() => {
    if (!on) return;
    if (!('geolocation' in navigator)) {
      setError('Location is not available in this browser.');
      setOn(false);
      return;
    }
    const id = navigator.geolocation.watchPosition(
      (p) => {
        setError(null);
        const pos = { lat: p.coords.latitude, lon: p.coords.longitude };
        const l = latest.current;
        l.onPosition?.(pos);
        const i = stationToTrigger(pos, l.stations, triggered.current, l.radius);
        if (i != null) {
          triggered.current.add(i);
          l.onEnter(i);
        }
      },
      (e) => setError(e.code === e.PERMISSION_DENIED ? 'Location permission was denied.' : 'Could not read your location.'),
      { enableHighAccuracy: true, maximumAge: 5000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [on]);

  return (
    <div className="explore-follow">
      <label className="explore-follow__toggle">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} /> Follow me (start narration near each station)
      </label>
      <label className="explore-follow__radius">
        Radius{' '}
        <input
          type="number"
          className="wf-input"
          min={10}
          max={500}
          step={5}
          value={radius}
          onChange={(e) => setRadius(Math.max(10, Math.min(500, Number(e.target.value) || DEFAULT_RADIUS_M)))}
          aria-label="Follow me radius in metres"
        />{' '}
        m
      </label>
      {error && (
        <span className="wf-alert wf-alert--error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

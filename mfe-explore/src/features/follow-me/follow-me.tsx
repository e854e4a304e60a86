import { useEffect, useRef, useState } from 'react';
import type { Station } from '@wayfarer/contracts';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../i18n';
import {
  DEFAULT_RADIUS_M,
  MAX_RADIUS_M,
  MIN_RADIUS_M,
  nearestStation,
  parseRadius,
  stationToTrigger,
} from './geo';
import { followStatus } from './follow-status';

/** A station to follow: the contract's, its place possibly absent. */
export type FollowedStation = Pick<Station, 'id' | 'title'> & {
  latitude?: number | null;
  longitude?: number | null;
};

/** Identity of a station across re-renders and reloads of the same guide (its id; its place when it has none). */
const stationKey = (s: FollowedStation, i: number) => (s.id ? `id:${s.id}` : `at:${i}`);

/**
 * Follows the browser position (after the user opts in) and calls onEnter(i) when the user comes within a station's
 * radius, once per station (see stationToTrigger). Also reports the position so the page can show the distance.
 * The page answers onEnter by playing station i from its beginning (GuidePlayer's PlayRequest.fromStart).
 */
export function FollowMe({
  stations,
  onEnter,
  onPosition,
}: {
  stations: FollowedStation[];
  onEnter: (i: number) => void;
  onPosition?: (p: { lat: number; lon: number }) => void;
}) {
  const { t } = useTranslation(EXPLORE_NS);
  const format = useFormat();
  const [on, setOn] = useState(false);
  const [radius, setRadius] = useState(DEFAULT_RADIUS_M);
  const [radiusText, setRadiusText] = useState(String(DEFAULT_RADIUS_M));
  /** A catalog key. */
  const [error, setError] = useState<string | null>(null);
  /** undefined until the first position; null when no station has coordinates. */
  const [nearest, setNearest] = useState<{ index: number; distance: number } | null | undefined>(undefined);
  /** Stations already started by following, by key: a new array of the same stations keeps them. */
  const triggered = useRef(new Set<string>());
  const latest = useRef({ stations, onEnter, onPosition, radius });
  latest.current = { stations, onEnter, onPosition, radius };

  useEffect(() => {
    if (!on) {
      setNearest(undefined);
      return;
    }
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setError('follow.unavailable');
      setOn(false);
      return;
    }
    setError(null);
    const id = navigator.geolocation.watchPosition(
      (p) => {
        setError(null);
        const pos = { lat: p.coords.latitude, lon: p.coords.longitude };
        const l = latest.current;
        l.onPosition?.(pos);
        setNearest(nearestStation(pos, l.stations));
        const done = new Set<number>();
        l.stations.forEach((s, i) => triggered.current.has(stationKey(s, i)) && done.add(i));
        const i = stationToTrigger(pos, l.stations, done, l.radius);
        if (i != null) {
          triggered.current.add(stationKey(l.stations[i], i));
          l.onEnter(i);
        }
      },
      (e) => {
        if (e.code === e.PERMISSION_DENIED) {
          setError('follow.denied');
          setOn(false);
        } else setError('follow.failed');
      },
      { enableHighAccuracy: true, maximumAge: 5000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [on]);

  /** Typing '25' passes through '2': apply a value once it is valid, clamp only when leaving the field. */
  const commitRadius = () => {
    const n = Number(radiusText);
    const r =
      parseRadius(radiusText) ??
      (Number.isFinite(n) && radiusText.trim()
        ? Math.max(MIN_RADIUS_M, Math.min(MAX_RADIUS_M, Math.round(n)))
        : DEFAULT_RADIUS_M);
    setRadius(r);
    setRadiusText(String(r));
  };

  const status = followStatus(t, format.locale, stations, nearest);
  return (
    <div className="explore-follow">
      <label className="explore-follow__toggle">
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => {
            setOn(e.target.checked);
            if (!e.target.checked) setError(null);
          }}
        />{' '}
        {t('follow.toggle')}
      </label>
      <label className="explore-follow__radius">
        {t('follow.radius')}{' '}
        <input
          type="number"
          className="wf-input"
          min={MIN_RADIUS_M}
          max={MAX_RADIUS_M}
          step={5}
          value={radiusText}
          onChange={(e) => {
            setRadiusText(e.target.value);
            const r = parseRadius(e.target.value);
            if (r != null) setRadius(r);
          }}
          onBlur={commitRadius}
          onKeyDown={(e) => e.key === 'Enter' && commitRadius()}
          aria-label={t('follow.radiusLabel')}
        />{' '}
        {t('follow.metres')}
      </label>
      {on && !error && (
        <span className="wf-muted" role="status" data-testid="follow-status">
          {status}
        </span>
      )}
      {error && (
        <span className="wf-alert wf-alert--error" role="alert">
          {t(error)}
        </span>
      )}
    </div>
  );
}

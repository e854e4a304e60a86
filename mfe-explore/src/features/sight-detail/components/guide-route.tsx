import { useEffect, useMemo, useRef } from 'react';
import L, { type LatLngTuple, type LeafletEventHandlerFnMap } from 'leaflet';
import { Marker, Polyline, Tooltip, useMap } from 'react-leaflet';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { stationTitle, type PlayableStation } from '../../guide';
import './guide-route.css';

/** A stop of the walk that can be drawn: the station's index in the guide (its number less one) and its place. */
export interface RouteStop {
  index: number;
  position: LatLngTuple;
}

/** The guide's stations that have a place, in walking order; the others are not on the map but keep their numbers. */
export function routeStops(stations: readonly PlayableStation[]): RouteStop[] {
  const stops: RouteStop[] = [];
  stations.forEach((s, index) => {
    if (Number.isFinite(s.latitude) && Number.isFinite(s.longitude))
      stops.push({ index, position: [s.latitude as number, s.longitude as number] });
  });
  return stops;
}

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * One numbered stop: a keyboard-focusable marker (Leaflet gives it tabindex and role=button) named for screen readers;
 * a click, Enter or Space plays its station. The icon depends on the number only, so highlighting the current stop
 * changes a class on the same element and a stop that was just played keeps the keyboard focus.
 */
function Stop({
  n,
  position,
  label,
  title,
  current,
  onPlay,
}: {
  n: number;
  position: LatLngTuple;
  label: string;
  title: string;
  current: boolean;
  onPlay: () => void;
}) {
  const ref = useRef<L.Marker>(null);
  const icon = useMemo(
    () => L.divIcon({ className: 'explore-route-stop', html: String(n), iconSize: [30, 30] }),
    [n],
  );
  const play = useRef(onPlay);
  play.current = onPlay;
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      click: () => play.current(),
      keydown: (e) => {
        const key = (e.originalEvent as KeyboardEvent).key;
        if (key !== 'Enter' && key !== ' ') return;
        e.originalEvent.preventDefault();
        play.current();
      },
    }),
    [],
  );

  useEffect(() => {
    const el = ref.current?.getElement();
    if (!el) return;
    el.setAttribute('aria-label', label);
    el.classList.toggle('is-current', current);
    if (current) el.setAttribute('aria-current', 'step');
    else el.removeAttribute('aria-current');
  }, [icon, label, current]);

  return (
    <Marker
      ref={ref}
      position={position}
      icon={icon}
      keyboard
      zIndexOffset={current ? 1000 : 0}
      eventHandlers={handlers}
    >
      <Tooltip direction="top" offset={[0, -16]}>
        {n}. {title}
      </Tooltip>
    </Marker>
  );
}

/**
 * The guide's walk on the map: its stops numbered as in the station list, joined in walking order, the current one
 * highlighted. A new route is fitted into view (with `home`, the sight); a current stop off the view is panned to.
 */
export function GuideRoute({
  stations,
  current,
  onPlay,
  home,
}: {
  stations: readonly PlayableStation[];
  current: number;
  onPlay: (i: number) => void;
  home?: LatLngTuple;
}) {
  const map = useMap();
  const { t } = useTranslation(EXPLORE_NS);
  const stops = useMemo(() => routeStops(stations), [stations]);
  const path = useMemo(() => stops.map((s) => s.position), [stops]);
  const routeKey = path.join(';');

  useEffect(() => {
    if (!path.length) return;
    const points = home ? [home, ...path] : path;
    if (points.length > 1) map.fitBounds(points, { padding: [32, 32], maxZoom: 17, animate: false });
    // a new route (not a new array of the same places) is fitted once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, routeKey]);

  useEffect(() => {
    const stop = stops.find((s) => s.index === current);
    if (stop && !map.getBounds().contains(stop.position))
      map.panTo(stop.position, { animate: !reducedMotion() });
  }, [map, stops, current]);

  return (
    <>
      {path.length > 1 && (
        <Polyline
          positions={path}
          interactive={false}
          // An option of the line's creation (Leaflet sets a path's class once), so not in pathOptions.
          className="explore-route-line"
          pathOptions={{ weight: 4, dashArray: '1 8', lineCap: 'round' }}
        />
      )}
      {stops.map(({ index, position }) => {
        const title = stationTitle(stations[index], index, t);
        return (
          <Stop
            key={stations[index].id ?? index}
            n={index + 1}
            position={position}
            title={title}
            label={t('map.stop', { n: index + 1, title })}
            current={index === current}
            onPlay={() => onPlay(index)}
          />
        );
      })}
    </>
  );
}

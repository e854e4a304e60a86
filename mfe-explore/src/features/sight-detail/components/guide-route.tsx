import { useEffect, useMemo } from 'react';
import type { LatLngTuple } from 'leaflet';
import { Polyline, useMap } from 'react-leaflet';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { stationTitle, type PlayableStation } from '../../guide';
import { StopMarker } from './stop-marker';
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
          <StopMarker
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

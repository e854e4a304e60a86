import { Suspense, lazy, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { readRuntimeConfig } from '@wayfarer/contracts/browser';
import { CENTRAL_TILES, previewTiles, type PreviewTile } from '../utils/tile-preview';
import type { MapFacadeProps } from './map-facade';

export { CENTRAL_TILES };

const MapFacade = lazy(() => import(/* webpackChunkName: "map-facade" */ './map-facade'));

interface Props {
  view: { lat: number; lon: number; km: number };
  /** Once the central tile has loaded or failed, or at once when there is no tile to show. */
  onSettled?: () => void;
  /** Given (touch-first devices), the preview is the map's facade until tapped (map-facade.tsx). */
  facade?: Pick<MapFacadeProps, 'places' | 'onActivate'>;
}

/**
 * The map's box while its code loads (same size, so nothing moves when it arrives), showing the tiles Leaflet
 * will show first, as plain images: they are the page's largest paint, and are requested with the page instead of
 * after Leaflet's set-up; Leaflet then takes the same URLs from the cache. No tile server, or a tile that fails:
 * an empty box, as before.
 * On a touch-first device it is also the map's facade until tapped: the sights pinned where the map will show them,
 * and a button over it that starts the interactive map. A phone thus pays for Leaflet (its code and its set-up, the
 * page's longest tasks) only when the traveller reaches for the map, and a finger scrolling the page is never caught
 * by the map.
 */
export function MapPlaceholder({ view, onSettled, facade }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [tiles, setTiles] = useState<PreviewTile[]>([]);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const { lat, lon, km } = view;
  // Before the first paint: the box's size is known once laid out, and the tiles must be in that paint's requests.
  useLayoutEffect(() => {
    const template = readRuntimeConfig().mapTileUrl;
    const el = box.current;
    const measured = { width: el?.clientWidth ?? 0, height: el?.clientHeight ?? 0 };
    const next = template && el ? previewTiles(template, { lat, lon, km }, measured) : [];
    setTiles(next);
    setSize((s) => (s.width === measured.width && s.height === measured.height ? s : measured));
    if (next.length === 0) onSettled?.();
  }, [lat, lon, km, onSettled]);
  const frameView = useMemo(() => ({ lat, lon, km }), [lat, lon, km]);
  return (
    <div className="explore-map explore-map-placeholder" data-testid="explore-map" aria-busy={!facade}>
      <div className="explore-map-placeholder__tiles" ref={box} aria-hidden="true">
        {tiles.map((t, i) => (
          <img
            key={t.url}
            src={t.url}
            alt=""
            width={256}
            height={256}
            style={{ left: t.left, top: t.top }}
            fetchPriority={i < CENTRAL_TILES ? 'high' : 'low'}
            onLoad={i === 0 ? onSettled : undefined}
            onError={(e) => {
              e.currentTarget.style.visibility = 'hidden';
              if (i === 0) onSettled?.();
            }}
          />
        ))}
      </div>
      {facade && (
        <Suspense fallback={null}>
          <MapFacade view={frameView} size={size} {...facade} />
        </Suspense>
      )}
    </div>
  );
}

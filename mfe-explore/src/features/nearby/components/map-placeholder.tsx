import { useLayoutEffect, useRef, useState } from 'react';
import { readRuntimeConfig } from '@wayfarer/contracts/browser';
import { previewTiles, type PreviewTile } from '../utils/tile-preview';

interface Props {
  view: { lat: number; lon: number; km: number };
  /** Once the central tile has loaded or failed, or at once when there is no tile to show. */
  onSettled?: () => void;
}

/**
 * The map's box while its code loads (same size, so nothing moves when it arrives), showing the tiles Leaflet
 * will show first, as plain images: they are the page's largest paint, and are requested with the page instead of
 * after Leaflet's set-up; Leaflet then takes the same URLs from the cache. No tile server, or a tile that fails:
 * an empty box, as before.
 */
export function MapPlaceholder({ view, onSettled }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [tiles, setTiles] = useState<PreviewTile[]>([]);
  const { lat, lon, km } = view;
  // Before the first paint: the box's size is known once laid out, and the tiles must be in that paint's requests.
  useLayoutEffect(() => {
    const template = readRuntimeConfig().mapTileUrl;
    const el = box.current;
    const next =
      template && el
        ? previewTiles(template, { lat, lon, km }, { width: el.clientWidth, height: el.clientHeight })
        : [];
    setTiles(next);
    if (next.length === 0) onSettled?.();
  }, [lat, lon, km, onSettled]);
  return (
    <div className="explore-map explore-map-placeholder" data-testid="explore-map" aria-busy="true">
      <div className="explore-map-placeholder__tiles" ref={box} aria-hidden="true">
        {tiles.map((t, i) => (
          <img
            key={t.url}
            src={t.url}
            alt=""
            width={256}
            height={256}
            style={{ left: t.left, top: t.top }}
            fetchPriority={i < 4 ? 'high' : 'auto'}
            onLoad={i === 0 ? onSettled : undefined}
            onError={(e) => {
              e.currentTarget.style.visibility = 'hidden';
              if (i === 0) onSettled?.();
            }}
          />
        ))}
      </div>
    </div>
  );
}

import { useEffect } from 'react';
import type L from 'leaflet';
import { useMap } from 'react-leaflet';
import { PMTiles } from 'pmtiles';
import { leafletLayer } from 'protomaps-leaflet';
import { usePageTheme } from './use-theme';

/**
 * A self-hosted vector base map: one PMTiles file (object storage or any HTTP server answering range requests),
 * drawn by protomaps-leaflet in the page's theme and language. This module (and the library) loads only when such
 * a file is configured (explore-map.tsx loads it lazily); `onFailed` runs when the file cannot be read, and the
 * map falls back to the built-in one.
 */
export function PmtilesLayer({
  url,
  attribution,
  lang,
  onFailed,
}: {
  url: string;
  attribution: string;
  lang: string;
  onFailed: () => void;
}) {
  const map = useMap();
  const theme = usePageTheme();

  useEffect(() => {
    let cancelled = false;
    const archive = new PMTiles(url);
    // The archive's header is its first read: when it fails, no tile of it will load either.
    archive.getHeader().catch(() => !cancelled && onFailed());
    // protomaps-leaflet builds its layer on the page's Leaflet (window.L), the one this map runs on.
    const layer = (
      leafletLayer({
        url: archive,
        flavor: theme,
        lang: lang.split('-')[0],
        attribution,
      }) as unknown as L.Layer
    ).addTo(map);
    return () => {
      cancelled = true;
      layer.remove();
    };
  }, [map, url, theme, lang, attribution, onFailed]);
  return null;
}

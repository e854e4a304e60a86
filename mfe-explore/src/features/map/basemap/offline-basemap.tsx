import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { PALETTES } from './palette';
import { usePageTheme } from './use-theme';
import { createBasemap, type BasemapController } from './basemap-layer';

/**
 * The built-in world map (Natural Earth) under the pins, in the page's theme and language. This module and the
 * data are fetched only when it is drawn (explore-map.tsx loads it lazily).
 */
export function OfflineBasemap({ lang, onDrawn }: { lang: string; onDrawn?: () => void }) {
  const map = useMap();
  const theme = usePageTheme();
  const latest = useRef({ theme, lang, onDrawn });
  latest.current = { theme, lang, onDrawn };
  const controller = useRef<BasemapController | null>(null);

  useEffect(() => {
    const c = createBasemap(map, {
      palette: PALETTES[latest.current.theme],
      lang: latest.current.lang,
      onDrawn: () => latest.current.onDrawn?.(),
    });
    controller.current = c;
    return () => {
      c.remove();
      controller.current = null;
    };
  }, [map]);

  useEffect(() => controller.current?.setPalette(PALETTES[theme]), [theme]);
  useEffect(() => controller.current?.setLang(lang), [lang]);
  return null;
}

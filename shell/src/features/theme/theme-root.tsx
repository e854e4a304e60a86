import { Suspense, lazy, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import {
  THEME_NAMES,
  activeThemeAtom,
  previewThemeAtom,
  seasonalStyle,
  sessionStore,
  themeAtom,
} from '@wayfarer/session';
import { useActiveTheme } from './active-theme-query';

// The overlay (its particles, their SVG icons and CSS) is a chunk of its own: most visits have no seasonal theme.
const SeasonalOverlay = lazy(() =>
  import(/* webpackChunkName: "seasonal-overlay" */ './seasonal-overlay').then((m) => ({
    default: m.SeasonalOverlay,
  })),
);

/** Applies the chosen theme class to <html> and shows the seasonal overlay of the active (or previewed) theme. */
export function ThemeRoot() {
  const theme = useAtomValue(themeAtom, { store: sessionStore });
  const active = useAtomValue(activeThemeAtom, { store: sessionStore });
  const preview = useAtomValue(previewThemeAtom, { store: sessionStore });

  useEffect(() => {
    const root = document.documentElement;
    root.classList.remove(...THEME_NAMES);
    root.classList.add(theme);
  }, [theme]);

  useActiveTheme();

  const style = seasonalStyle(preview ?? active?.name);
  if (!style) return null;
  return (
    <Suspense fallback={null}>
      <SeasonalOverlay style={style} />
    </Suspense>
  );
}

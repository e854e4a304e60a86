import { Suspense, lazy, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { request } from '@wayfarer/api-client';
import {
  THEME_NAMES,
  activeThemeAtom,
  previewThemeAtom,
  seasonalStyle,
  sessionStore,
  themeAtom,
  type ActiveTheme,
} from '@wayfarer/session';

// The overlay (its particles, their SVG icons and CSS) is a chunk of its own: most visits have no seasonal theme.
const SeasonalOverlay = lazy(() =>
  import(/* webpackChunkName: "seasonal-overlay" */ './seasonal-overlay').then((m) => ({
    default: m.SeasonalOverlay,
  })),
);

/** How often an open tab re-reads the active theme, and how old it may be when the tab becomes visible again. */
export const ACTIVE_THEME_REFRESH_MS = 10 * 60_000;
export const ACTIVE_THEME_STALE_MS = 5 * 60_000;

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

  useEffect(() => {
    let cancelled = false;
    let loadedAt = 0;
    const load = () => {
      loadedAt = Date.now();
      request<{ theme?: ActiveTheme | null }>('/active-theme', { timeoutMs: 10_000 })
        .then((res) => {
          // An admin may switch the active theme while this tab stays open: null clears the overlay.
          if (!cancelled) sessionStore.set(activeThemeAtom, res.theme ?? null);
        })
        .catch((err: unknown) => console.warn('Could not load the active theme', err));
    };
    load();
    const timer = window.setInterval(load, ACTIVE_THEME_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - loadedAt > ACTIVE_THEME_STALE_MS) load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  const style = seasonalStyle(preview ?? active?.name);
  if (!style) return null;
  return (
    <Suspense fallback={null}>
      <SeasonalOverlay style={style} />
    </Suspense>
  );
}

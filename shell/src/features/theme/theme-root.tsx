import { useEffect } from 'react';
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
import { SeasonalOverlay } from './seasonal-overlay';

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
    request<{ theme?: ActiveTheme | null }>('/active-theme', { timeoutMs: 10_000 })
      .then((res) => {
        if (!cancelled && res.theme) sessionStore.set(activeThemeAtom, res.theme);
      })
      .catch((err: unknown) => console.warn('Could not load the active theme', err));
    return () => {
      cancelled = true;
    };
  }, []);

  return <SeasonalOverlay style={seasonalStyle(preview ?? active?.name)} />;
}

import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { THEME_NAMES, activeThemeAtom, previewThemeAtom, seasonalStyle, sessionStore, themeAtom } from '@wayfarer/session';
import { useActiveTheme } from './active-theme-query';
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

  useActiveTheme();

  return <SeasonalOverlay style={seasonalStyle(preview ?? active?.name)} />;
}

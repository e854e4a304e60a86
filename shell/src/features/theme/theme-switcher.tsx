import { useAtomValue } from 'jotai';
import { THEME_NAMES, sessionStore, setTheme, themeAtom, type ThemeName } from '@wayfarer/session';

const LABELS: Record<ThemeName, string> = {
  'theme-dark': 'Dark',
  'theme-light': 'Light',
  'theme-halloween': 'Halloween',
  'theme-christmas': 'Christmas',
};

export function ThemeSwitcher() {
  const theme = useAtomValue(themeAtom, { store: sessionStore });
  return (
    <label className="wf-theme-switcher">
      <span className="wf-visually-hidden">Theme</span>
      <select
        className="wf-select"
        style={{ width: 'auto', padding: '0.35rem 0.5rem' }}
        value={theme}
        onChange={(e) => setTheme(e.target.value as ThemeName)}
        aria-label="Theme"
      >
        {THEME_NAMES.map((t) => (
          <option key={t} value={t}>
            {LABELS[t]}
          </option>
        ))}
      </select>
    </label>
  );
}

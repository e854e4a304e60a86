import { useAtomValue } from 'jotai';
import { useTranslation } from '@wayfarer/i18n';
import { SHELL_NS } from '../../i18n';
import { THEME_NAMES, sessionStore, setTheme, themeAtom, type ThemeName } from '@wayfarer/session';

const LABELS: Record<ThemeName, string> = {
  'theme-dark': 'theme.dark',
  'theme-light': 'theme.light',
  'theme-halloween': 'theme.halloween',
  'theme-christmas': 'theme.christmas',
};

export function ThemeSwitcher() {
  const { t } = useTranslation(SHELL_NS);
  const theme = useAtomValue(themeAtom, { store: sessionStore });
  return (
    <label className="wf-theme-switcher">
      <span className="wf-visually-hidden">{t('theme.label')}</span>
      <select
        className="wf-select"
        style={{ width: 'auto', padding: '0.35rem 0.5rem' }}
        value={theme}
        onChange={(e) => setTheme(e.target.value as ThemeName)}
        aria-label={t('theme.label')}
      >
        {THEME_NAMES.map((name) => (
          <option key={name} value={name}>
            {t(LABELS[name])}
          </option>
        ))}
      </select>
    </label>
  );
}

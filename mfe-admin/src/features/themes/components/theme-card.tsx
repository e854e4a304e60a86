import { seasonalStyle, setPreviewTheme } from '@wayfarer/session';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import type { AdminTheme } from '../api/themes-api';

/** One theme: its overlay, seasonal flag, activation (for every visitor) and preview (this browser only). */
export function ThemeCard({
  theme,
  busy,
  previewing,
  onActivate,
  onToggleSeasonal,
}: {
  theme: AdminTheme;
  busy: boolean;
  previewing: boolean;
  onActivate: () => void;
  onToggleSeasonal: () => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const style = seasonalStyle(theme.name);
  return (
    <li className="wf-card admin-panel" data-testid="theme-card">
      <div className="admin-panel__head">
        <h2>{theme.name}</h2>
        {theme.is_active ? (
          <span className="wf-badge admin-badge--published">{t('common.active')}</span>
        ) : null}
      </div>
      <p className="wf-muted" style={{ margin: '0 0 0.6rem' }}>
        {style ? t('themes.overlay', { style: t(`themes.styles.${style}`) }) : t('themes.noOverlay')}
      </p>
      <label className="admin-check" style={{ marginBottom: '0.6rem' }}>
        <input type="checkbox" checked={theme.is_seasonal} disabled={busy} onChange={onToggleSeasonal} />{' '}
        {t('themes.seasonal')}
      </label>
      <div className="admin-toolbar">
        <button
          type="button"
          className="wf-btn wf-btn--sm"
          disabled={busy || theme.is_active}
          onClick={onActivate}
          aria-label={t(theme.is_active ? 'themes.isActive' : 'themes.activateNamed', {
            name: theme.name,
          })}
        >
          {t(theme.is_active ? 'common.active' : 'themes.activate')}
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          aria-pressed={previewing}
          onClick={() => setPreviewTheme(previewing ? null : theme.name)}
          aria-label={t(previewing ? 'themes.stopPreviewNamed' : 'themes.previewNamed', {
            name: theme.name,
          })}
        >
          {t(previewing ? 'themes.stopPreview' : 'themes.preview')}
        </button>
      </div>
    </li>
  );
}

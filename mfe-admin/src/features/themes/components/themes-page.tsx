import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { previewThemeAtom, seasonalStyle, sessionStore, setPreviewTheme } from '@wayfarer/session';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { useAdminQuery } from '../../../lib/use-admin-query';
import { adminThemesKeys } from '../api/keys';
import { getThemes, type AdminTheme } from '../api/themes-api';
import { useActivateTheme, useSetThemeSeasonal } from '../api/themes-queries';

const STYLE_LABEL = { christmas: 'Snowflakes', halloween: 'Ghosts' } as const;

export function ThemesPage() {
  usePageMeta({ title: 'Themes', noindex: true });
  const { data, loading, error, reload } = useAdminQuery(
    adminThemesKeys.all,
    getThemes,
    'Failed to load themes',
  );
  const preview = useAtomValue(previewThemeAtom, { store: sessionStore });
  const activation = useActivateTheme();
  const seasonal = useSetThemeSeasonal();
  const busy = activation.isPending || seasonal.isPending;
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const themes = data ?? [];

  async function activate(t: AdminTheme) {
    setActionError(null);
    try {
      await activation.mutateAsync(t);
      setNotice(`“${t.name}” is now the active theme for every visitor.`);
    } catch (err) {
      setActionError(describeError(err, 'Could not activate the theme'));
    }
  }

  async function toggleSeasonal(t: AdminTheme) {
    setActionError(null);
    try {
      await seasonal.mutateAsync(t);
    } catch (err) {
      setActionError(describeError(err, 'Could not update the theme'));
    }
  }

  return (
    <>
      <header className="admin-head">
        <h1>Themes</h1>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          onClick={() => void reload()}
          disabled={loading}
        >
          Reload
        </button>
      </header>
      <p className="wf-muted">
        Activating a theme changes the site for every visitor. Previewing only changes it in this browser.
      </p>
      {preview ? (
        <div className="wf-alert wf-alert--info" role="status">
          Previewing <strong>{preview}</strong> in this browser.{' '}
          <button
            type="button"
            className="wf-btn wf-btn--sm wf-btn--ghost"
            onClick={() => setPreviewTheme(null)}
          >
            Stop preview
          </button>
        </div>
      ) : null}
      <ErrorBox>{error ?? actionError}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      {loading && !data ? (
        <Loading message="Loading themes…" />
      ) : !themes.length && !error ? (
        <EmptyState title="No themes defined" />
      ) : (
        <ul
          className="admin-themes"
          aria-label="Themes"
          style={{ listStyle: 'none', padding: 0, margin: '0.75rem 0 0' }}
        >
          {themes.map((t) => {
            const style = seasonalStyle(t.name);
            return (
              <li key={t.id} className="wf-card admin-panel" data-testid="theme-card">
                <div className="admin-panel__head">
                  <h2>{t.name}</h2>
                  {t.is_active ? <span className="wf-badge admin-badge--published">Active</span> : null}
                </div>
                <p className="wf-muted" style={{ margin: '0 0 0.6rem' }}>
                  {style ? `Overlay: ${STYLE_LABEL[style]}` : 'No overlay'}
                </p>
                <label className="admin-check" style={{ marginBottom: '0.6rem' }}>
                  <input
                    type="checkbox"
                    checked={t.is_seasonal}
                    disabled={busy}
                    onChange={() => void toggleSeasonal(t)}
                  />{' '}
                  Seasonal
                </label>
                <div className="admin-toolbar">
                  <button
                    type="button"
                    className="wf-btn wf-btn--sm"
                    disabled={busy || t.is_active}
                    onClick={() => void activate(t)}
                    aria-label={t.is_active ? `${t.name} is active` : `Activate ${t.name}`}
                  >
                    {t.is_active ? 'Active' : 'Activate'}
                  </button>
                  <button
                    type="button"
                    className="wf-btn wf-btn--sm wf-btn--ghost"
                    aria-pressed={preview === t.name}
                    onClick={() => setPreviewTheme(preview === t.name ? null : t.name)}
                    aria-label={`${preview === t.name ? 'Stop previewing' : 'Preview'} ${t.name}`}
                  >
                    {preview === t.name ? 'Stop preview' : 'Preview'}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

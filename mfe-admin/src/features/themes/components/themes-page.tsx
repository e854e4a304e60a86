import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { activeThemeAtom, previewThemeAtom, seasonalStyle, sessionStore, setPreviewTheme } from '@wayfarer/session';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { useAdminQuery } from '../../../lib/use-admin-query';
import { adminThemesKeys } from '../api/keys';
import { activateTheme, getThemes, setThemeSeasonal, type AdminTheme } from '../api/themes-api';

const STYLE_LABEL = { christmas: 'Snowflakes', halloween: 'Ghosts' } as const;

export function ThemesPage() {
  usePageMeta({ title: 'Themes', noindex: true });
  const { data, setData, loading, error, reload } = useAdminQuery(adminThemesKeys.all, getThemes, 'Failed to load themes');
  const preview = useAtomValue(previewThemeAtom, { store: sessionStore });
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const themes = data ?? [];

  async function activate(t: AdminTheme) {
    setBusy(true);
    setActionError(null);
    try {
      await activateTheme(t.id);
      setData((d) => (d ?? []).map((x) => ({ ...x, is_active: x.id === t.id })));
      // The shell's overlay reads this atom: update it so the admin sees the change without a reload.
      sessionStore.set(activeThemeAtom, { name: t.name, is_seasonal: t.is_seasonal });
      setNotice(`“${t.name}” is now the active theme for every visitor.`);
    } catch (err) {
      setActionError(describeError(err, 'Could not activate the theme'));
    } finally {
      setBusy(false);
    }
  }

  async function toggleSeasonal(t: AdminTheme) {
    setBusy(true);
    setActionError(null);
    try {
      const u = await setThemeSeasonal(t.id, !t.is_seasonal);
      setData((d) => (d ?? []).map((x) => (x.id === t.id ? { ...x, is_seasonal: u.is_seasonal } : x)));
    } catch (err) {
      setActionError(describeError(err, 'Could not update the theme'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <header className="admin-head">
        <h1>Themes</h1>
        <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" onClick={() => void reload()} disabled={loading}>Reload</button>
      </header>
      <p className="wf-muted">
        Activating a theme changes the site for every visitor. Previewing only changes it in this browser.
      </p>
      {preview ? (
        <div className="wf-alert wf-alert--info" role="status">
          Previewing <strong>{preview}</strong> in this browser.{' '}
          <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" onClick={() => setPreviewTheme(null)}>Stop preview</button>
        </div>
      ) : null}
      <ErrorBox>{error ?? actionError}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      {loading && !data ? <Loading message="Loading themes…" /> : !themes.length && !error ? (
        <EmptyState title="No themes defined" />
      ) : (
        <ul className="admin-themes" aria-label="Themes" style={{ listStyle: 'none', padding: 0, margin: '0.75rem 0 0' }}>
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
                  <input type="checkbox" checked={t.is_seasonal} disabled={busy} onChange={() => void toggleSeasonal(t)} /> Seasonal
                </label>
                <div className="admin-toolbar">
                  <button type="button" className="wf-btn wf-btn--sm" disabled={busy || t.is_active} onClick={() => void activate(t)} aria-label={t.is_active ? `${t.name} is active` : `Activate ${t.name}`}>
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

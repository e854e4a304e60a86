import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { previewThemeAtom, sessionStore, setPreviewTheme } from '@wayfarer/session';
import { EmptyState, ErrorBox, InfoBox, Loading, usePageMeta } from '@wayfarer/ui';
import { describeError } from '../../../lib/admin-request';
import { useAdminQuery } from '../../../lib/use-admin-query';
import { adminThemesKeys } from '../api/keys';
import { getThemes, type AdminTheme } from '../api/themes-api';
import { useActivateTheme, useSetThemeSeasonal } from '../api/themes-queries';
import { ThemeCard } from './theme-card';
import { useTranslation } from '@wayfarer/i18n';
import { Trans } from '@wayfarer/i18n/trans';
import { ADMIN_NS } from '../../../i18n';
import { useErrorText } from '../../../lib/use-error-text';

export function ThemesPage() {
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
  usePageMeta({ title: t('themes.title'), noindex: true });
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

  async function activate(theme: AdminTheme) {
    setActionError(null);
    try {
      await activation.mutateAsync(theme);
      setNotice(t('themes.nowActive', { name: theme.name }));
    } catch (err) {
      setActionError(describeError(err, 'Could not activate the theme'));
    }
  }

  async function toggleSeasonal(theme: AdminTheme) {
    setActionError(null);
    try {
      await seasonal.mutateAsync(theme);
    } catch (err) {
      setActionError(describeError(err, 'Could not update the theme'));
    }
  }

  return (
    <>
      <header className="admin-head">
        <h1>{t('themes.title')}</h1>
        <button
          type="button"
          className="wf-btn wf-btn--sm wf-btn--ghost"
          onClick={() => void reload()}
          disabled={loading}
        >
          {t('common.reload')}
        </button>
      </header>
      <p className="wf-muted">{t('themes.intro')}</p>
      {preview ? (
        <div className="wf-alert wf-alert--info" role="status">
          <Trans
            t={t}
            i18nKey="themes.previewing"
            values={{ name: preview }}
            components={{ 1: <strong /> }}
          />{' '}
          <button
            type="button"
            className="wf-btn wf-btn--sm wf-btn--ghost"
            onClick={() => setPreviewTheme(null)}
          >
            {t('themes.stopPreview')}
          </button>
        </div>
      ) : null}
      <ErrorBox>{errorText(error ?? actionError)}</ErrorBox>
      <InfoBox>{notice}</InfoBox>
      {loading && !data ? (
        <Loading message={t('themes.loading')} />
      ) : !themes.length && !error ? (
        <EmptyState title={t('themes.none')} />
      ) : (
        <ul
          className="admin-themes"
          aria-label={t('themes.list')}
          style={{ listStyle: 'none', padding: 0, margin: '0.75rem 0 0' }}
        >
          {themes.map((theme) => (
            <ThemeCard
              key={theme.id}
              theme={theme}
              busy={busy}
              previewing={preview === theme.name}
              onActivate={() => void activate(theme)}
              onToggleSeasonal={() => void toggleSeasonal(theme)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

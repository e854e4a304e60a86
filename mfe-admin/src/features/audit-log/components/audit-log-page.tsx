import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from '@wayfarer/router';
import { EmptyState, ErrorBox, Loading, usePageMeta } from '@wayfarer/ui';
import { useAdminQuery } from '../../../lib/use-admin-query';
import { auditLogKeys } from '../api/keys';
import { getAuditLog } from '../api/audit-log-api';
import { AuditLogTable } from './audit-log-table';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useErrorText } from '../../../lib/use-error-text';

const PAGE_SIZE = 25;

export function AuditLogPage() {
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
  usePageMeta({ title: t('audit.title'), noindex: true });
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const actor = params.get('actor') ?? '';
  const action = params.get('action') ?? '';
  const [draftActor, setDraftActor] = useState(actor);
  const [draftAction, setDraftAction] = useState(action);
  useEffect(() => {
    setDraftActor(actor);
    setDraftAction(action);
  }, [actor, action]);

  const { data, loading, error } = useAdminQuery(
    auditLogKeys.page({ actor, action, page }),
    () => getAuditLog({ actor, action, page, pageSize: PAGE_SIZE }),
    'Failed to load the audit log',
  );
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    if (draftActor.trim()) next.set('actor', draftActor.trim());
    if (draftAction.trim()) next.set('action', draftAction.trim());
    setParams(next);
  };
  const go = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };

  return (
    <>
      <header className="admin-head">
        <h1>{t('audit.title')}</h1>
      </header>
      <p className="wf-muted">{t('audit.intro')}</p>
      <form
        className="admin-toolbar"
        onSubmit={apply}
        style={{ marginBottom: '0.75rem' }}
        aria-label={t('audit.filter')}
      >
        <label className="wf-visually-hidden" htmlFor="audit-actor">
          {t('audit.admin')}
        </label>
        <input
          id="audit-actor"
          className="wf-input"
          style={{ maxWidth: 220 }}
          placeholder={t('audit.adminPlaceholder')}
          value={draftActor}
          onChange={(e) => setDraftActor(e.target.value)}
        />
        <label className="wf-visually-hidden" htmlFor="audit-action">
          {t('audit.action')}
        </label>
        <input
          id="audit-action"
          className="wf-input"
          style={{ maxWidth: 220 }}
          placeholder={t('audit.actionPlaceholder')}
          value={draftAction}
          onChange={(e) => setDraftAction(e.target.value)}
        />
        <button type="submit" className="wf-btn wf-btn--sm">
          {t('audit.apply')}
        </button>
        {actor || action ? (
          <button
            type="button"
            className="wf-btn wf-btn--sm wf-btn--ghost"
            onClick={() => setParams(new URLSearchParams())}
          >
            {t('audit.clear')}
          </button>
        ) : null}
      </form>
      <ErrorBox>{errorText(error)}</ErrorBox>
      {loading && !data ? (
        <Loading message={t('audit.loading')} />
      ) : data && data.items.length ? (
        <>
          <AuditLogTable items={data.items} busy={loading} />
          <nav className="admin-pager" aria-label={t('audit.pages')}>
            <button
              type="button"
              className="wf-btn wf-btn--sm wf-btn--ghost"
              disabled={page <= 1}
              onClick={() => go(page - 1)}
            >
              {t('audit.previous')}
            </button>
            <span className="wf-muted">{t('audit.pageOf', { page, pages })}</span>
            <button
              type="button"
              className="wf-btn wf-btn--sm wf-btn--ghost"
              disabled={page >= pages}
              onClick={() => go(page + 1)}
            >
              {t('audit.next')}
            </button>
          </nav>
        </>
      ) : !error ? (
        <EmptyState level={2} title={t(actor || action ? 'audit.noMatch' : 'audit.none')} />
      ) : null}
    </>
  );
}

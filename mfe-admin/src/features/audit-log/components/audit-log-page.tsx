import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from '@wayfarer/router';
import { EmptyState, ErrorBox, Loading, usePageMeta } from '@wayfarer/ui';
import { useAdminQuery } from '../../../lib/use-admin-query';
import { auditLogKeys } from '../api/keys';
import { getAuditLog } from '../api/audit-log-api';
import { AuditLogTable } from './audit-log-table';

const PAGE_SIZE = 25;

export function AuditLogPage() {
  usePageMeta({ title: 'Audit log', noindex: true });
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
        <h1>Audit log</h1>
      </header>
      <p className="wf-muted">Every admin action: who did what, and when.</p>
      <form
        className="admin-toolbar"
        onSubmit={apply}
        style={{ marginBottom: '0.75rem' }}
        aria-label="Filter the audit log"
      >
        <label className="wf-visually-hidden" htmlFor="audit-actor">
          Admin
        </label>
        <input
          id="audit-actor"
          className="wf-input"
          style={{ maxWidth: 220 }}
          placeholder="Admin (name or e-mail)"
          value={draftActor}
          onChange={(e) => setDraftActor(e.target.value)}
        />
        <label className="wf-visually-hidden" htmlFor="audit-action">
          Action
        </label>
        <input
          id="audit-action"
          className="wf-input"
          style={{ maxWidth: 220 }}
          placeholder="Action (e.g. news.create)"
          value={draftAction}
          onChange={(e) => setDraftAction(e.target.value)}
        />
        <button type="submit" className="wf-btn wf-btn--sm">
          Filter
        </button>
        {actor || action ? (
          <button
            type="button"
            className="wf-btn wf-btn--sm wf-btn--ghost"
            onClick={() => setParams(new URLSearchParams())}
          >
            Clear
          </button>
        ) : null}
      </form>
      <ErrorBox>{error}</ErrorBox>
      {loading && !data ? (
        <Loading message="Loading the audit log…" />
      ) : data && data.items.length ? (
        <>
          <AuditLogTable items={data.items} busy={loading} />
          <nav className="admin-pager" aria-label="Audit log pages">
            <button
              type="button"
              className="wf-btn wf-btn--sm wf-btn--ghost"
              disabled={page <= 1}
              onClick={() => go(page - 1)}
            >
              Previous
            </button>
            <span className="wf-muted">
              Page {page} of {pages}
            </span>
            <button
              type="button"
              className="wf-btn wf-btn--sm wf-btn--ghost"
              disabled={page >= pages}
              onClick={() => go(page + 1)}
            >
              Next
            </button>
          </nav>
        </>
      ) : !error ? (
        <EmptyState
          level={2}
          title={actor || action ? 'No entries match these filters' : 'No admin actions recorded yet'}
        />
      ) : null}
    </>
  );
}

import { useAdminFormat } from '../../../lib/use-admin-format';
import type { AuditRow } from '../api/audit-log-api';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

/** One page of the audit log: when, who, what, on what, and the details. */
export function AuditLogTable({ items, busy }: { items: AuditRow[]; busy: boolean }) {
  const { t } = useTranslation(ADMIN_NS);
  const { when } = useAdminFormat();
  return (
    <div className="admin-table-wrap" aria-busy={busy}>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.who')}</th>
            <th scope="col">{t('audit.what')}</th>
            <th scope="col">{t('audit.target')}</th>
            <th scope="col">{t('audit.details')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={e.id} data-testid="audit-row">
              <td>{when(e.created_at)}</td>
              <td>{e.actor ?? t('audit.deletedAdmin')}</td>
              <td>
                <code>{e.action}</code>
              </td>
              <td>{e.target ?? '—'}</td>
              <td className="wf-muted" style={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                {e.details ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

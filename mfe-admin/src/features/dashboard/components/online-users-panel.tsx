import { EmptyState } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useAdminFormat } from '../../../lib/use-admin-format';
import { Panel } from '../../../components/panel';
import type { useOnlineUsers } from '../api/dashboard-queries';

/** Who is online now (the page's query refreshes every 30 s): name, last seen and the start of the session id. */
export function OnlineUsersPanel({ online }: { online: ReturnType<typeof useOnlineUsers> }) {
  const { t } = useTranslation(ADMIN_NS);
  const { when } = useAdminFormat();
  return (
    <Panel
      title={t('dashboard.online.title')}
      headingId="admin-online-h"
      loading={online.loading && !online.data}
      error={online.error}
      errorTitle="Failed to load online users"
      onRetry={() => void online.reload()}
      actions={
        <span className="wf-muted" style={{ fontSize: '0.8rem' }}>
          {t('dashboard.online.refreshes')}
        </span>
      }
      testId="online-users"
    >
      {online.data && online.data.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.online.name')}</th>
                <th scope="col">{t('dashboard.online.lastSeen')}</th>
                <th scope="col">{t('dashboard.online.session')}</th>
              </tr>
            </thead>
            <tbody>
              {online.data.map((u) => (
                <tr key={`${u.id}:${u.session_id ?? ''}`}>
                  <td>{u.display_name || t('dashboard.online.anonymous')}</td>
                  <td>{when(u.last_seen)}</td>
                  <td>
                    <code title={u.ip_address ?? undefined}>
                      {u.session_id ? u.session_id.slice(0, 8) : '—'}
                    </code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState title={t('dashboard.online.nobody')} />
      )}
    </Panel>
  );
}

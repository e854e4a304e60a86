import { EmptyState } from '@wayfarer/ui';
import { Panel, fmtDate } from '../../../components/panel';
import type { useOnlineUsers } from '../api/dashboard-queries';

/** Who is online now (the page's query refreshes every 30 s): name, last seen and the start of the session id. */
export function OnlineUsersPanel({ online }: { online: ReturnType<typeof useOnlineUsers> }) {
  return (
    <Panel
      title="Online users"
      headingId="admin-online-h"
      loading={online.loading && !online.data}
      error={online.error}
      errorTitle="Failed to load online users"
      onRetry={() => void online.reload()}
      actions={
        <span className="wf-muted" style={{ fontSize: '0.8rem' }}>
          Refreshes every 30 s
        </span>
      }
      testId="online-users"
    >
      {online.data && online.data.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Last seen</th>
                <th scope="col">Session</th>
              </tr>
            </thead>
            <tbody>
              {online.data.map((u) => (
                <tr key={`${u.id}:${u.session_id ?? ''}`}>
                  <td>{u.display_name}</td>
                  <td>{fmtDate(u.last_seen)}</td>
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
        <EmptyState title="Nobody online right now" />
      )}
    </Panel>
  );
}

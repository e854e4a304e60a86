import { fmtDate } from '../../../components/panel';
import type { AuditRow } from '../api/audit-log-api';

/** One page of the audit log: when, who, what, on what, and the details. */
export function AuditLogTable({ items, busy }: { items: AuditRow[]; busy: boolean }) {
  return (
    <div className="admin-table-wrap" aria-busy={busy}>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Target</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={e.id} data-testid="audit-row">
              <td>{fmtDate(e.created_at)}</td>
              <td>{e.actor}</td>
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

import { Link } from '@wayfarer/router';
import type { UserOverview } from '@wayfarer/contracts';
import { coins, formatDate } from '../../../lib/format';

const STATUS_LABEL = { pending: 'Pending review', approved: 'Approved', rejected: 'Rejected' } as const;

/** The user's recent uploads (with their review status) and purchases. */
export function OverviewActivity({ o }: { o: UserOverview }) {
  return (
    <div className="acc-two">
      <article className="wf-card" aria-labelledby="ov-uploads">
        <h2 id="ov-uploads">Uploaded images</h2>
        <p className="wf-muted">
          {o.uploads.total} in total · {o.uploads.approved} approved · {o.uploads.pending} pending ·{' '}
          {o.uploads.rejected} rejected
        </p>
        {o.uploads.recent.length ? (
          <ul className="acc-rows">
            {o.uploads.recent.map((u) => (
              <li key={u.id}>
                <Link to={`/explore/${encodeURIComponent(u.sight_id)}`}>{u.sight_name}</Link>
                <span className={`acc-status acc-status--${u.status}`}>{STATUS_LABEL[u.status]}</span>
                <span className="wf-muted">{formatDate(u.created_at)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>No uploads yet. Add photos from a sight's page.</p>
        )}
      </article>

      <article className="wf-card" aria-labelledby="ov-purchases">
        <h2 id="ov-purchases">Purchases</h2>
        <p className="wf-muted">
          {o.purchases.count} purchase{o.purchases.count === 1 ? '' : 's'} · {coins(o.purchases.coins_spent)}{' '}
          spent
        </p>
        {o.purchases.recent.length ? (
          <ul className="acc-rows">
            {o.purchases.recent.map((p) => (
              <li key={p.id}>
                <span>{p.item_name}</span>
                <span>{coins(p.price)}</span>
                <span className="wf-muted">{formatDate(p.created_at)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            No purchases yet. <Link to="/shop">Visit the shop</Link>.
          </p>
        )}
      </article>
    </div>
  );
}

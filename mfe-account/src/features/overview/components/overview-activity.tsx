import { Link } from '@wayfarer/router';
import type { UserOverview } from '@wayfarer/contracts';
import { useAccountText } from '../../../lib/account-text';

/** The user's recent uploads (with their review status) and purchases. */
export function OverviewActivity({ o }: { o: UserOverview }) {
  const { t, f, coins, date } = useAccountText();
  const n = f.number;
  return (
    <div className="acc-two">
      <article className="wf-card" aria-labelledby="ov-uploads">
        <h2 id="ov-uploads">{t('overview.uploads')}</h2>
        <p className="wf-muted">
          {t('overview.uploadCounts', {
            total: n(o.uploads.total),
            approved: n(o.uploads.approved),
            pending: n(o.uploads.pending),
            rejected: n(o.uploads.rejected),
          })}
        </p>
        {o.uploads.recent.length ? (
          <ul className="acc-rows">
            {o.uploads.recent.map((u) => (
              <li key={u.id}>
                <Link to={`/explore/${encodeURIComponent(u.sight_id)}`}>{u.sight_name}</Link>
                <span className={`acc-status acc-status--${u.status}`}>{t(`overview.${u.status}`)}</span>
                <span className="wf-muted">{date(u.created_at)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('overview.noUploads')}</p>
        )}
      </article>

      <article className="wf-card" aria-labelledby="ov-purchases">
        <h2 id="ov-purchases">{t('overview.purchases')}</h2>
        <p className="wf-muted">
          {t('overview.purchaseCount', { count: o.purchases.count, n: n(o.purchases.count) })} ·{' '}
          {t('overview.spent', { coins: coins(o.purchases.coins_spent) })}
        </p>
        {o.purchases.recent.length ? (
          <ul className="acc-rows">
            {o.purchases.recent.map((p) => (
              <li key={p.id}>
                <span>{p.item_name}</span>
                <span>{coins(p.price)}</span>
                <span className="wf-muted">{date(p.created_at)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            {t('overview.noPurchases')} <Link to="/shop">{t('overview.visitShop')}</Link>.
          </p>
        )}
      </article>
    </div>
  );
}

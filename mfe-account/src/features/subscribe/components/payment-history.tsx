import '../../../i18n-commerce';
import { ErrorBox, Skeleton } from '@wayfarer/ui';
import { useAccountText } from '../../../lib/account-text';
import { useMyPayments } from '../../../lib/account-queries';

/** The subscription's payments (the one read of /subscriptions/me the plan also comes from). */
export function PaymentHistory() {
  const payments = useMyPayments();
  const { t, usd, date } = useAccountText();
  return (
    <section aria-labelledby="sub-payments" className="acc-section">
      <h2 id="sub-payments">{t('subscribe.payments')}</h2>
      {payments.loading && !payments.data ? (
        <Skeleton height={60} />
      ) : payments.error ? (
        <ErrorBox>{payments.error}</ErrorBox>
      ) : !payments.data?.length ? (
        <p className="wf-muted">{t('subscribe.noPayments')}</p>
      ) : (
        <table className="acc-table">
          <thead>
            <tr>
              <th scope="col">{t('subscribe.date')}</th>
              <th scope="col">{t('subscribe.description')}</th>
              <th scope="col">{t('subscribe.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {payments.data.map((p) => (
              <tr key={p.id}>
                <td>{date(p.created_at)}</td>
                <td>{p.description}</td>
                <td>{usd(p.amount_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

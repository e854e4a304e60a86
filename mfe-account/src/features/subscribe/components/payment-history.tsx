import { formatUsd } from '@wayfarer/contracts/browser';
import { ErrorBox, Skeleton } from '@wayfarer/ui';
import { formatDate } from '../../../lib/format';
import { useMyPayments } from '../../../lib/account-queries';

/** The subscription's payments (the one read of /subscriptions/me the plan also comes from). */
export function PaymentHistory() {
  const payments = useMyPayments();
  return (
    <section aria-labelledby="sub-payments" className="acc-section">
      <h2 id="sub-payments">Payment history</h2>
      {payments.loading && !payments.data ? (
        <Skeleton height={60} />
      ) : payments.error ? (
        <ErrorBox>{payments.error}</ErrorBox>
      ) : !payments.data?.length ? (
        <p className="wf-muted">No payments yet.</p>
      ) : (
        <table className="acc-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {payments.data.map((p) => (
              <tr key={p.id}>
                <td>{formatDate(p.created_at)}</td>
                <td>{p.description}</td>
                <td>{formatUsd(p.amount_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

import type { Subscription, SubscriptionQuote } from '@wayfarer/contracts';
import { useAccountText } from '../../../lib/account-text';
import { planStatusText } from '../../../lib/plan-text';

/** The plan the account is on, what the change does, and what it costs today and at the next renewal. */
export function QuoteDetails({ quote: q, current }: { quote: SubscriptionQuote; current: Subscription }) {
  const x = useAccountText();
  const { t, usd } = x;
  return (
    <>
      <p data-testid="current-plan">
        {t('subscribe.current')} <strong>{x.plan(current.plan)}</strong>
        {current.period ? ` (${t(`planText.${current.period}`)})` : ''}. {planStatusText(current, x)}
      </p>
      <p data-testid="quote-summary">{q.summary}</p>
      <dl className="acc-dl">
        <dt>{t('subscribe.dueToday')}</dt>
        <dd data-testid="due-today">{usd(q.charge_now_cents)}</dd>
        {q.next_charge_cents !== null && q.next_charge_at ? (
          <>
            <dt>{t('subscribe.nextCharge')}</dt>
            <dd>
              {t('subscribe.nextChargeOn', {
                amount: usd(q.next_charge_cents),
                date: x.date(q.next_charge_at),
              })}
            </dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

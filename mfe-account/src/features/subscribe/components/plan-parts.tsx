import '../../../i18n-commerce';
import { Link } from '@wayfarer/router';
import { PLAN_IDS, PRICING_PLANS, subscribePath, type BillingPeriod } from '@wayfarer/contracts/browser';
import type { SubscriptionQuote } from '@wayfarer/contracts';
import { usePageMeta } from '@wayfarer/ui';
import { currentAccountText, useAccountText, type AccountText } from '../../../lib/account-text';

/** The confirm button's label for what the change does. */
export function confirmLabel(q: SubscriptionQuote, x: AccountText = currentAccountText()): string {
  const { t } = x;
  const plan = x.plan(q.plan);
  switch (q.action) {
    case 'trial':
      return t('subscribe.trial', { days: x.f.number(q.trial_days) });
    case 'subscribe':
      return t('subscribe.subscribePay', { amount: x.usd(q.charge_now_cents) });
    case 'upgrade':
      return t('subscribe.upgradePay', { amount: x.usd(q.charge_now_cents) });
    case 'downgrade':
      return t('subscribe.downgrade', { plan });
    case 'switch_period':
      return t('subscribe.switchPeriod', { period: t(`planText.${q.period}`) });
    case 'resume':
      return t('subscribe.resume', { plan });
    case 'cancel':
      return t('subscribe.cancel');
    case 'none':
      return t('subscribe.none');
  }
}

export function PeriodToggle({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (p: BillingPeriod) => void;
}) {
  const { t } = useAccountText();
  return (
    <div className="acc-toggle" role="group" aria-label={t('subscribe.period')}>
      {(['monthly', 'yearly'] as const).map((p) => (
        <button
          key={p}
          type="button"
          className="acc-toggle__btn"
          aria-pressed={value === p}
          onClick={() => onChange(p)}
        >
          {p === 'monthly' ? t('subscribe.monthly') : t('subscribe.yearlySave')}
        </button>
      ))}
    </div>
  );
}

export function PlanChooser() {
  const x = useAccountText();
  const { t } = x;
  usePageMeta({ title: t('subscribe.chooseTitle'), noindex: true });
  return (
    <section className="wf-container wf-page acc-page" aria-labelledby="subscribe-title">
      <h1 id="subscribe-title">{t('subscribe.chooseTitle')}</h1>
      <ul className="wf-grid acc-list-reset">
        {PLAN_IDS.map((id) => (
          <li key={id} className="wf-card acc-item">
            <h2>{x.plan(id)}</h2>
            <p className="acc-price">
              {id === 'free'
                ? x.usd(0)
                : t('subscribe.perMonthShort', { price: x.usd(PRICING_PLANS[id].monthlyCents) })}
            </p>
            <Link className="wf-btn" to={subscribePath(id)}>
              {t('subscribe.choose', { plan: x.plan(id) })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

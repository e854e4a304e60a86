import '../../i18n-commerce';
import { useState } from 'react';
import { Link, useSearchParams } from '@wayfarer/router';
import {
  PERIOD_PARAM,
  isPlanId,
  periodFromParam,
  type BillingPeriod,
  type PlanId,
} from '@wayfarer/contracts/browser';
import { errorText } from '@wayfarer/api-client';
import { ErrorBox, InfoBox, Skeleton, usePageMeta } from '@wayfarer/ui';
import { useAccountText } from '../../lib/account-text';
import { useChangeSubscription } from '../../lib/account-mutations';
import {
  CHECKOUT_RETURN_MESSAGE,
  checkoutNavigation,
  isPaymentsUnavailable,
  useCheckoutReturn,
} from '../../lib/checkout';
import { useSubscriptionQuote } from '../../lib/account-queries';
import { PaymentHistory } from './components/payment-history';
import { PlanChooser, confirmLabel } from './components/plan-parts';
import { PlanSummary } from './components/plan-summary';
import { QuoteDetails } from './components/quote-details';

export { confirmLabel };

/**
 * /subscribe?plan=free|standard|premium[&period=yearly]: plan summary, exact amounts, and the checkout: a change
 * that costs money goes to the payment provider's page (the plan changes on its confirmation), or through the
 * development server's instant local checkout.
 */
export function SubscribePage() {
  const [params] = useSearchParams();
  const raw = params.get('plan');
  return isPlanId(raw) ? <Checkout plan={raw} /> : <PlanChooser />;
}

function Checkout({ plan }: { plan: PlanId }) {
  const [params, setParams] = useSearchParams();
  // The pricing page's yearly links carry the period (subscribePath), so the checkout opens in it.
  const period = periodFromParam(params.get(PERIOD_PARAM));
  const x = useAccountText();
  const { t } = x;
  usePageMeta({ title: t('subscribe.metaTitle', { plan: x.plan(plan) }), noindex: true });
  const change = useChangeSubscription();
  const busy = change.isPending;
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const back = useCheckoutReturn();

  const quote = useSubscriptionQuote(plan, period);

  const q = quote.data?.quote ?? null;
  const current = quote.data?.subscription ?? null;

  const setPeriod = (p: BillingPeriod) => {
    setDone(null);
    setError(null);
    const next = new URLSearchParams(params);
    if (p === 'yearly') next.set(PERIOD_PARAM, p);
    else next.delete(PERIOD_PARAM);
    setParams(next, { replace: true });
  };

  const confirm = async () => {
    setError(null);
    setDone(null);
    try {
      const res = await change.mutateAsync({ plan, period });
      if (res.checkout) {
        setDone(t('payments.redirecting'));
        checkoutNavigation.assign(res.checkout.url);
      } else setDone(res.message);
    } catch (err) {
      setError(
        isPaymentsUnavailable(err) ? t('payments.unavailable') : errorText(err, t('subscribe.changeFailed')),
      );
    }
  };

  return (
    <section className="wf-container wf-page acc-page acc-subscribe" aria-labelledby="subscribe-title">
      <h1 id="subscribe-title">{t('subscribe.title', { plan: x.plan(plan) })}</h1>
      <div className="acc-two">
        <PlanSummary plan={plan} period={period} onPeriod={setPeriod} />

        <article className="wf-card" aria-labelledby="sub-checkout">
          <h2 id="sub-checkout">{t('subscribe.checkout')}</h2>
          <p className="acc-offline" role="note">
            {t('subscribe.offline')}
          </p>
          {quote.loading && !q ? (
            <div aria-busy="true">
              <p role="status" className="wf-muted">
                {t('subscribe.working')}
              </p>
              <Skeleton height={90} />
            </div>
          ) : quote.error ? (
            <div className="acc-stack">
              <ErrorBox>{quote.error}</ErrorBox>
              <button type="button" className="wf-btn wf-btn--ghost" onClick={quote.reload}>
                {t('common.retry')}
              </button>
            </div>
          ) : q && current ? (
            <div className="acc-stack">
              <QuoteDetails quote={q} current={current} />
              <div aria-live="polite">
                <ErrorBox>{error}</ErrorBox>
                {!error ? (
                  <InfoBox>{done ?? (back ? t(CHECKOUT_RETURN_MESSAGE[back]) : null)}</InfoBox>
                ) : null}
              </div>
              <button
                type="button"
                className="wf-btn"
                onClick={() => void confirm()}
                disabled={busy || q.action === 'none'}
              >
                {busy ? t('subscribe.confirming') : confirmLabel(q, x)}
              </button>
              {done ? <Link to="/overview">{t('subscribe.seeOverview')}</Link> : null}
            </div>
          ) : null}
        </article>
      </div>

      <PaymentHistory />
    </section>
  );
}

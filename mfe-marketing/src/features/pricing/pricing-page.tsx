import { useId, useState } from 'react';
import { usePageMeta } from '@wayfarer/ui';
import { CheckIcon } from '@wayfarer/ui/icons';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../i18n';
import { COMPARISON, FAQ_KEYS, PLANS, PREMIUM_TRIAL_DAYS, SALES_EMAIL, type Billing } from './pricing-plans';
import { PlanCard, feature } from './plan-card';

function Cell({ value }: { value: string | boolean }) {
  const { t } = useTranslation(MARKETING_NS);
  if (typeof value === 'string') return <>{feature(t, value)}</>;
  return value ? (
    <CheckIcon role="img" aria-label={t('pricing.included')} className="wf-icon" />
  ) : (
    <span aria-label={t('pricing.notIncluded')}>—</span>
  );
}

export function PricingPage({ locale }: { locale?: string }) {
  const { t } = useTranslation(MARKETING_NS);
  const format = useFormat();
  usePageMeta({ title: t('pricing.metaTitle'), description: t('pricing.metaDescription') });
  const [billing, setBilling] = useState<Billing>('monthly');
  const toggleId = useId();
  const lang = locale ?? format.locale;

  return (
    <section className="wf-container wf-page mk-pricing">
      <header className="mk-hero mk-hero--small">
        <h1>{t('pricing.title')}</h1>
        <p className="wf-muted">{t('pricing.lead')}</p>
        <div className="mk-toggle" role="group" aria-labelledby={toggleId}>
          <span id={toggleId} className="wf-visually-hidden">
            {t('pricing.period')}
          </span>
          <button
            type="button"
            className={`wf-btn ${billing === 'monthly' ? '' : 'wf-btn--ghost'}`}
            aria-pressed={billing === 'monthly'}
            onClick={() => setBilling('monthly')}
          >
            {t('pricing.monthly')}
          </button>
          <button
            type="button"
            className={`wf-btn ${billing === 'yearly' ? '' : 'wf-btn--ghost'}`}
            aria-pressed={billing === 'yearly'}
            onClick={() => setBilling('yearly')}
          >
            {t('pricing.yearly')} <span className="wf-badge">{t('pricing.save2')}</span>
          </button>
        </div>
      </header>

      <div className="mk-plans">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} billing={billing} lang={lang} />
        ))}
      </div>

      <h2>{t('pricing.compare')}</h2>
      <div className="mk-table-wrap">
        <table className="mk-table">
          <caption className="wf-visually-hidden">{t('pricing.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pricing.feature')}</th>
              {PLANS.map((p) => (
                <th key={p.id} scope="col">
                  {t(`pricing.plan.${p.id}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COMPARISON.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{feature(t, row.feature)}</th>
                <td>
                  <Cell value={row.free} />
                </td>
                <td>
                  <Cell value={row.standard} />
                </td>
                <td>
                  <Cell value={row.premium} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>{t('pricing.faqs')}</h2>
      <div className="mk-faqs">
        {FAQ_KEYS.map((f) => (
          <details key={f.q} className="wf-card mk-faq">
            <summary>{t(f.q)}</summary>
            <p>{t(f.a, { days: PREMIUM_TRIAL_DAYS })}</p>
          </details>
        ))}
      </div>

      <aside className="wf-card mk-sales">
        <h2>{t('pricing.salesTitle')}</h2>
        <p>{t('pricing.salesText')}</p>
        <a
          className="wf-btn"
          href={`mailto:${SALES_EMAIL}?subject=${encodeURIComponent(t('pricing.salesSubject'))}`}
        >
          {t('pricing.sales')}
        </a>
      </aside>
    </section>
  );
}

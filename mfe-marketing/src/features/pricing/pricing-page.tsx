import { useId, useState } from 'react';
import { Link } from '@wayfarer/router';
import { subscribePath } from '@wayfarer/contracts/browser';
import { usePageMeta } from '@wayfarer/ui';
import { CheckIcon, XIcon } from '@wayfarer/ui/icons';
import { useFormat, useTranslation, type TFunction } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../i18n';
import {
  BADGE_KEYS,
  COMPARISON,
  FAQ_KEYS,
  FEATURE_KEYS,
  PLANS,
  PREMIUM_TRIAL_DAYS,
  SALES_EMAIL,
  formatPrice,
  planPrice,
  type Billing,
} from './pricing-plans';

/** A contract's English feature text in the active language (the text itself when the catalog has no key). */
const feature = (t: TFunction, text: string) => (FEATURE_KEYS[text] ? t(FEATURE_KEYS[text]) : text);

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
        {PLANS.map((plan) => {
          const { amount, period } = planPrice(plan, billing);
          return (
            <article
              key={plan.id}
              className={`wf-card mk-plan ${plan.badge ? 'mk-plan--featured' : ''}`}
              data-testid={`plan-${plan.id}`}
              aria-labelledby={`plan-${plan.id}-name`}
            >
              {plan.badge && <span className="wf-badge mk-plan__badge">{t(BADGE_KEYS[plan.badge])}</span>}
              <h2 id={`plan-${plan.id}-name`}>{t(`pricing.plan.${plan.id}`)}</h2>
              <p className="mk-plan__price">
                <strong data-testid={`price-${plan.id}`}>{formatPrice(amount, lang)}</strong>
                {amount > 0 && (
                  <span className="wf-muted">
                    {t(period === '/month' ? 'pricing.perMonth' : 'pricing.perYear')}
                  </span>
                )}
              </p>
              {billing === 'yearly' && amount > 0 && <p className="mk-plan__save">{t('pricing.save20')}</p>}
              {billing === 'yearly' && amount > 0 && <p className="wf-muted">{t('pricing.billedYearly')}</p>}
              <ul className="mk-plan__features">
                {plan.features.map((f) => (
                  <li key={f}>
                    <CheckIcon aria-hidden="true" className="wf-icon" /> {feature(t, f)}
                  </li>
                ))}
                {plan.missing.map((f) => (
                  <li key={f} className="wf-muted">
                    <XIcon aria-hidden="true" className="wf-icon" />{' '}
                    <span className="wf-visually-hidden">{t('pricing.notIncludedPrefix')}</span>{' '}
                    {feature(t, f)}
                  </li>
                ))}
              </ul>
              <Link className="wf-btn mk-plan__cta" to={subscribePath(plan.id, billing)}>
                {t('pricing.choose', { plan: t(`pricing.plan.${plan.id}`) })}
              </Link>
            </article>
          );
        })}
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

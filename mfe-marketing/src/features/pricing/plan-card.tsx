import { Link } from '@wayfarer/router';
import { subscribePath } from '@wayfarer/contracts/browser';
import { CheckIcon, XIcon } from '@wayfarer/ui/icons';
import { useTranslation, type TFunction } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../i18n';
import { BADGE_KEYS, FEATURE_KEYS, formatPrice, planPrice, type Billing, type Plan } from './pricing-plans';

/** A contract's English feature text in the active language (the text itself when the catalog has no key). */
export const feature = (t: TFunction, text: string) => (FEATURE_KEYS[text] ? t(FEATURE_KEYS[text]) : text);

/** One plan on /pricing: badge, name, price for the chosen billing period, features, what it lacks, and Choose. */
export function PlanCard({ plan, billing, lang }: { plan: Plan; billing: Billing; lang: string }) {
  const { t } = useTranslation(MARKETING_NS);
  const { amount, period } = planPrice(plan, billing);
  return (
    <article
      className={`wf-card mk-plan ${plan.badge ? 'mk-plan--featured' : ''}`}
      data-testid={`plan-${plan.id}`}
      aria-labelledby={`plan-${plan.id}-name`}
    >
      {plan.badge && <span className="wf-badge mk-plan__badge">{t(BADGE_KEYS[plan.badge])}</span>}
      <h2 id={`plan-${plan.id}-name`}>{t(`pricing.plan.${plan.id}`)}</h2>
      <p className="mk-plan__price">
        <strong data-testid={`price-${plan.id}`}>{formatPrice(amount, lang)}</strong>
        {amount > 0 && (
          <span className="wf-muted">{t(period === '/month' ? 'pricing.perMonth' : 'pricing.perYear')}</span>
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
            <span className="wf-visually-hidden">{t('pricing.notIncludedPrefix')}</span> {feature(t, f)}
          </li>
        ))}
      </ul>
      <Link className="wf-btn mk-plan__cta" to={subscribePath(plan.id, billing)}>
        {t('pricing.choose', { plan: t(`pricing.plan.${plan.id}`) })}
      </Link>
    </article>
  );
}

import { Link } from '@wayfarer/router';
import { PRICING_PLANS } from '@wayfarer/contracts/browser';
import type { GuideUsage } from '@wayfarer/contracts';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { Trans } from '@wayfarer/i18n/trans';
import { EXPLORE_NS } from '../../../i18n';

const planName = (usage: GuideUsage) => PRICING_PLANS[usage.plan]?.name ?? usage.plan;

/** The month's guides left on the user's plan. */
export function UsageLine({ usage }: { usage: GuideUsage }) {
  const { t } = useTranslation(EXPLORE_NS);
  const plan = planName(usage);
  if (usage.limit == null)
    return (
      <p className="wf-muted" data-testid="guide-usage">
        {t('guide.unlimited', { plan })}
      </p>
    );
  const left = Math.max(0, usage.limit - usage.used);
  return (
    <p className="wf-muted" data-testid="guide-usage">
      {usage.credits > 0
        ? t('guide.leftCredits', { left, limit: usage.limit, plan, count: usage.credits })
        : t('guide.left', { left, count: usage.limit, plan })}
    </p>
  );
}

/** The plan's monthly limit is used up: how to get more. */
export function LimitNotice({ usage }: { usage: GuideUsage | null }) {
  const { t } = useTranslation(EXPLORE_NS);
  const format = useFormat();
  // Not <link>: Trans would read it as the void HTML element and leave the words outside the link.
  const link = { pricing: <Link to="/pricing" /> };
  return (
    <div className="wf-alert wf-alert--info" role="alert" data-testid="guide-limit">
      {usage?.limit != null
        ? t('guide.limitUsed', { limit: usage.limit, plan: planName(usage) })
        : t('guide.limitUsedUnknown')}{' '}
      {usage ? (
        <Trans
          t={t}
          i18nKey="guide.upgrade"
          values={{
            date: format.date(usage.resets_at, { month: 'long', day: 'numeric', timeZone: 'UTC' }),
          }}
          components={link}
        />
      ) : (
        <Trans t={t} i18nKey="guide.upgradeOnly" components={link} />
      )}
    </div>
  );
}

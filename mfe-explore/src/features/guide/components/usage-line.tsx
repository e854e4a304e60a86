import { Link } from '@wayfarer/router';
import { PRICING_PLANS } from '@wayfarer/contracts/browser';
import type { GuideUsage } from '@wayfarer/contracts';

const planName = (usage: GuideUsage) => PRICING_PLANS[usage.plan]?.name ?? usage.plan;
const resetDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The month's guides left on the user's plan. */
export function UsageLine({ usage }: { usage: GuideUsage }) {
  const plan = planName(usage);
  if (usage.limit == null)
    return (
      <p className="wf-muted" data-testid="guide-usage">
        Unlimited guides on your {plan} plan.
      </p>
    );
  const left = Math.max(0, usage.limit - usage.used);
  return (
    <p className="wf-muted" data-testid="guide-usage">
      {left} of {usage.limit} guides left this month on your {plan} plan
      {usage.credits > 0 ? `, plus ${usage.credits} extra ${usage.credits === 1 ? 'guide' : 'guides'}` : ''}.
    </p>
  );
}

/** The plan's monthly limit is used up: how to get more. */
export function LimitNotice({ usage }: { usage: GuideUsage | null }) {
  return (
    <div className="wf-alert wf-alert--info" role="alert" data-testid="guide-limit">
      You have used all {usage?.limit ?? 'the'} guides of your {usage ? planName(usage) : 'current'} plan this
      month. <Link to="/pricing">Upgrade your plan</Link> to generate more guides
      {usage ? `, or wait until ${resetDate(usage.resets_at)}` : ''}.
    </div>
  );
}

import { PRICING_PLANS } from '@wayfarer/contracts/browser';
import type { Subscription, UserOverview } from '@wayfarer/contracts';
import { formatDate } from './format';

/** One line describing where the subscription stands. */
export function planStatusText(s: Subscription): string {
  if (s.status === 'free') return 'Free plan, no renewal.';
  const next = s.pending_plan ? PRICING_PLANS[s.pending_plan].name : null;
  if (s.status === 'trialing') {
    if (s.cancel_at_period_end)
      return `Free trial until ${formatDate(s.trial_ends_at)}; the plan ends then, nothing is charged.`;
    return `Free trial until ${formatDate(s.trial_ends_at)}; ${next ? `${next} starts then` : 'the first charge is on that day'}.`;
  }
  if (s.cancel_at_period_end) return `Ends on ${formatDate(s.current_period_end)}; you move to Free then.`;
  if (next)
    return `Changes to ${next}${s.pending_period ? ` (${s.pending_period})` : ''} on ${formatDate(s.current_period_end)}.`;
  if (s.pending_period)
    return `Renews on ${formatDate(s.current_period_end)}, billed ${s.pending_period} from then.`;
  return `Renews on ${formatDate(s.current_period_end)} (${s.period}).`;
}

export function guidesText(g: UserOverview['guides']): string {
  return g.limit === null
    ? `${g.used_this_month} used this month (unlimited)`
    : `${g.used_this_month} of ${g.limit} used this month`;
}

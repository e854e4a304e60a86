import type { Subscription, UserOverview } from '@wayfarer/contracts';
import { currentAccountText as current, type AccountText } from './account-text';

/** One line describing where the subscription stands. */
export function planStatusText(s: Subscription, x: AccountText = current()): string {
  const { t } = x;
  if (s.status === 'free') return t('planText.free');
  const next = s.pending_plan ? x.plan(s.pending_plan) : null;
  if (s.status === 'trialing') {
    const date = x.date(s.trial_ends_at);
    if (s.cancel_at_period_end) return t('planText.trialEnds', { date });
    return next ? t('planText.trialNext', { date, plan: next }) : t('planText.trialCharge', { date });
  }
  const date = x.date(s.current_period_end);
  if (s.cancel_at_period_end) return t('planText.ends', { date });
  if (next)
    return s.pending_period
      ? t('planText.changesPeriod', { plan: next, period: t(`planText.${s.pending_period}`), date })
      : t('planText.changes', { plan: next, date });
  if (s.pending_period)
    return t('planText.renewsBilled', { date, period: t(`planText.${s.pending_period}`) });
  return t('planText.renews', { date, period: t(`planText.${s.period ?? 'monthly'}`) });
}

export function guidesText(g: UserOverview['guides'], x: AccountText = current()): string {
  const used = x.f.number(g.used_this_month);
  return g.limit === null
    ? x.t('planText.guidesUnlimited', { used })
    : x.t('planText.guidesOf', { used, limit: x.f.number(g.limit) });
}

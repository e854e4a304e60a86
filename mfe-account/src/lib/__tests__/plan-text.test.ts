import type { Subscription } from '@wayfarer/contracts';
import { guidesText, planStatusText } from '../plan-text';

const base: Subscription = {
  plan: 'standard',
  status: 'active',
  period: 'monthly',
  trial_ends_at: null,
  current_period_start: '2025-06-01T00:00:00.000Z',
  current_period_end: '2025-07-01T00:00:00.000Z',
  pending_plan: null,
  pending_period: null,
  cancel_at_period_end: false,
  trial_available: true,
};

describe('planStatusText', () => {
  it('describes renewal, scheduled downgrade, billing switch, cancellation and trials', () => {
    expect(planStatusText(base)).toBe('Renews on Jul 1, 2025 (monthly).');
    expect(
      planStatusText({ ...base, plan: 'premium', pending_plan: 'standard', pending_period: 'yearly' }),
    ).toBe('Changes to Standard (yearly) on Jul 1, 2025.');
    expect(planStatusText({ ...base, pending_period: 'yearly' })).toBe(
      'Renews on Jul 1, 2025, billed yearly from then.',
    );
    expect(planStatusText({ ...base, cancel_at_period_end: true, pending_plan: 'free' })).toBe(
      'Ends on Jul 1, 2025; you move to Free then.',
    );
    const trial = {
      ...base,
      plan: 'premium',
      status: 'trialing',
      trial_ends_at: '2025-06-08T00:00:00.000Z',
    } as const;
    expect(planStatusText({ ...trial, cancel_at_period_end: true })).toBe(
      'Free trial until Jun 8, 2025; the plan ends then, nothing is charged.',
    );
    expect(planStatusText({ ...trial, pending_plan: 'standard' })).toBe(
      'Free trial until Jun 8, 2025; Standard starts then.',
    );
    expect(planStatusText({ ...base, plan: 'free', status: 'free', period: null })).toBe(
      'Free plan, no renewal.',
    );
  });

  it('describes guide use against the limit', () => {
    expect(guidesText({ used_this_month: 3, limit: 3, month_start: '' })).toBe('3 of 3 used this month');
    expect(guidesText({ used_this_month: 12, limit: null, month_start: '' })).toBe(
      '12 used this month (unlimited)',
    );
  });
});

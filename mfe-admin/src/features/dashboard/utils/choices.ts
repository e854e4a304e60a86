import type { GrowthPeriod, TimeRange } from '../types';

/** The growth periods and analytics ranges, labelled by their catalog keys (`useChoices` translates them). */
export const PERIODS = [
  { value: 'day', label: 'dashboard.periods.day' },
  { value: 'week', label: 'dashboard.periods.week' },
  { value: 'month', label: 'dashboard.periods.month' },
] as const satisfies readonly { value: GrowthPeriod; label: string }[];

export const RANGES = [
  { value: 'daily', label: 'dashboard.ranges.daily' },
  { value: 'weekly', label: 'dashboard.ranges.weekly' },
  { value: 'monthly', label: 'dashboard.ranges.monthly' },
] as const satisfies readonly { value: TimeRange; label: string }[];

import { describe, expect, it } from '@jest/globals';
import { periodFromParam, subscribePath } from '../pricing';

describe('checkout links', () => {
  it('are the spec links in monthly billing, and carry the period in yearly billing', () => {
    expect(subscribePath('standard')).toBe('/subscribe?plan=standard');
    expect(subscribePath('premium', 'monthly')).toBe('/subscribe?plan=premium');
    expect(subscribePath('premium', 'yearly')).toBe('/subscribe?plan=premium&period=yearly');
    expect(subscribePath('free', 'yearly')).toBe('/subscribe?plan=free');
  });
  it('read back the period they carry; anything else is monthly', () => {
    const period = (path: string) => periodFromParam(new URL(path, 'http://x').searchParams.get('period'));
    expect(period(subscribePath('standard', 'yearly'))).toBe('yearly');
    expect(period(subscribePath('standard', 'monthly'))).toBe('monthly');
    expect(periodFromParam('YEARLY')).toBe('monthly');
    expect(periodFromParam(null)).toBe('monthly');
  });
});

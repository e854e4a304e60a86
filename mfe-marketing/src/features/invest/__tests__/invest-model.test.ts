import { SPEC_REVENUE, TAX_RATE, TIERS, incomeStatement, tierRevenue } from '../invest-model';

describe('investor projections', () => {
  it('prices the tiers at 10, 5 and 1000 RM', () => {
    expect(TIERS.map((t) => t.price)).toEqual([10, 5, 1000]);
  });

  it('tier mix adds up to the spec revenue for every year', () => {
    SPEC_REVENUE.forEach((rev, i) => {
      expect(TIERS.reduce((s, t) => s + tierRevenue(t, i), 0)).toBe(rev);
    });
    expect(incomeStatement().map((y) => y.revenue)).toEqual([82_000, 114_000, 158_000]);
  });

  it('computes gross, operating and net income with 24% tax', () => {
    expect(TAX_RATE).toBe(0.24);
    for (const y of incomeStatement()) {
      expect(y.grossProfit).toBe(y.revenue - y.cogs);
      expect(y.operatingIncome).toBe(y.grossProfit - y.staff - y.marketing - y.generalAdmin);
      expect(y.tax).toBe(y.operatingIncome > 0 ? Math.round(y.operatingIncome * 0.24) : 0);
      expect(y.netIncome).toBe(y.operatingIncome - y.tax);
    }
    const y3 = incomeStatement()[2];
    // 158,000 − 34,760 COGS − 46,000 staff − 23,700 marketing − 8,000 G&A = 45,540; tax 10,930
    expect(y3.operatingIncome).toBe(45_540);
    expect(y3.tax).toBe(10_930);
    expect(y3.netIncome).toBe(34_610);
  });
});

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../../i18n';
import { COLORS, ROWS } from '../invest-content';
import { COST_ASSUMPTIONS, SPEC_REVENUE, TAX_RATE, YEARS, formatRM, incomeStatement } from '../invest-model';

/** The projected 3-year income statement, its assumptions and the revenue / net income chart, in the locale. */
export function IncomeStatement() {
  const { t } = useTranslation(MARKETING_NS);
  const f = useFormat();
  const rm = (n: number) => formatRM(n, f.locale);
  const pct = (n: number) => f.number(n, { style: 'percent', maximumFractionDigits: 0 });
  const year = (i: number) => t('invest.year', { n: f.number(i + 1) });
  const statement = incomeStatement();
  // The chart's series are named in the active language (its legend and tooltip show these names).
  const revenue = t('invest.revenue');
  const net = t('invest.netIncome');
  const revenueData = statement.map((y, i) => ({ year: year(i), [revenue]: y.revenue, [net]: y.netIncome }));
  const list = (ns: readonly number[]) => ns.map((n) => f.number(n)).join(' / ');
  return (
    <section className="mk-section" aria-labelledby="inv-is">
      <h2 id="inv-is">{t('invest.statement')}</h2>
      <div className="mk-table-wrap">
        <table className="mk-table" data-testid="income-statement">
          <thead>
            <tr>
              <th scope="col">{t('invest.line')}</th>
              {YEARS.map((y, i) => (
                <th key={y} scope="col">
                  {year(i)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((r) => {
              const label = t(`invest.${r.key}`, { rate: pct(TAX_RATE) });
              return (
                <tr key={r.key}>
                  <th scope="row">{r.strong ? <strong>{label}</strong> : label}</th>
                  {statement.map((y) => (
                    <td key={y.year}>
                      {r.negative ? '−' : ''}
                      {rm(y[r.key] as number)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="wf-muted">
        {t('invest.assumptions', {
          revenue: list(SPEC_REVENUE),
          cogs: pct(COST_ASSUMPTIONS.cogsRate),
          marketing: pct(COST_ASSUMPTIONS.marketingRate),
          staff: COST_ASSUMPTIONS.staff.map(rm).join(' / '),
          admin: COST_ASSUMPTIONS.generalAdmin.map(rm).join(' / '),
          tax: pct(TAX_RATE),
        })}
      </p>
      <figure className="mk-chart" aria-label={t('invest.barChart')} data-testid="income-statement-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={revenueData}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="year" />
            <YAxis tickFormatter={(v: number) => t('invest.thousands', { n: f.number(v / 1000) })} />
            <Tooltip formatter={(v) => rm(Number(v))} />
            <Legend />
            <Bar dataKey={revenue} fill={COLORS[0]} />
            <Bar dataKey={net} fill={COLORS[1]} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </section>
  );
}

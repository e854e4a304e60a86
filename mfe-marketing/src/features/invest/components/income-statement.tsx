import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { COLORS, ROWS } from '../invest-content';
import { COST_ASSUMPTIONS, TAX_RATE, YEARS, formatRM, incomeStatement } from '../invest-model';

/** The projected 3-year income statement, its assumptions and the revenue / net income chart. */
export function IncomeStatement() {
  const statement = incomeStatement();
  const revenueData = statement.map((y) => ({ year: y.year, Revenue: y.revenue, 'Net income': y.netIncome }));
  return (
    <section className="mk-section" aria-labelledby="inv-is">
      <h2 id="inv-is">Projected income statement (RM)</h2>
      <div className="mk-table-wrap">
        <table className="mk-table" data-testid="income-statement">
          <thead>
            <tr>
              <th scope="col">Line</th>
              {YEARS.map((y) => (
                <th key={y} scope="col">
                  {y}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.strong ? <strong>{r.label}</strong> : r.label}</th>
                {statement.map((y) => (
                  <td key={y.year}>
                    {r.negative ? '−' : ''}
                    {formatRM(y[r.key] as number)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="wf-muted">
        Assumptions: revenue is the tier mix below (82,000 / 114,000 / 158,000 RM); cost of revenue (hosting,
        speech synthesis, map data, payment fees) {Math.round(COST_ASSUMPTIONS.cogsRate * 100)}% of revenue;
        marketing {Math.round(COST_ASSUMPTIONS.marketingRate * 100)}% of revenue; staff{' '}
        {COST_ASSUMPTIONS.staff.map((n) => formatRM(n)).join(' / ')}; general and administrative{' '}
        {COST_ASSUMPTIONS.generalAdmin.map((n) => formatRM(n)).join(' / ')}; tax {Math.round(TAX_RATE * 100)}%
        of positive income before tax. Projections, not forecasts.
      </p>
      <figure className="mk-chart" aria-label="Bar chart of projected revenue and net income by year">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={revenueData}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="year" />
            <YAxis tickFormatter={(v: number) => `${v / 1000}k`} />
            <Tooltip formatter={(v) => formatRM(Number(v))} />
            <Legend />
            <Bar dataKey="Revenue" fill={COLORS[0]} />
            <Bar dataKey="Net income" fill={COLORS[1]} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </section>
  );
}

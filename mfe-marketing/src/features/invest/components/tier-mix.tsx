import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { COLORS } from '../invest-content';
import { TIERS, YEARS, formatRM, tierRevenue } from '../invest-model';

/** Revenue per tier and year, and the year-3 mix as a pie chart. */
export function TierMix() {
  const mixData = TIERS.map((t) => ({ name: `${t.name} (${formatRM(t.price)})`, value: tierRevenue(t, 2) }));
  return (
    <section className="mk-section" aria-labelledby="inv-mix">
      <h2 id="inv-mix">Tier mix</h2>
      <div className="mk-table-wrap">
        <table className="mk-table">
          <thead>
            <tr>
              <th scope="col">Tier</th>
              <th scope="col">Price</th>
              {YEARS.map((y) => (
                <th key={y} scope="col">
                  {y} revenue
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {TIERS.map((t) => (
              <tr key={t.id}>
                <th scope="row">{t.name}</th>
                <td>
                  {formatRM(t.price)} {t.unit}
                </td>
                {YEARS.map((y, i) => (
                  <td key={y}>{formatRM(tierRevenue(t, i))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figure className="mk-chart" aria-label="Pie chart of year-3 revenue by tier">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie data={mixData} dataKey="value" nameKey="name" outerRadius="75%" label={false}>
              {mixData.map((d, i) => (
                <Cell key={d.name} fill={COLORS[i % COLORS.length]} />
              ))}
            </Pie>
            <Tooltip formatter={(v) => formatRM(Number(v))} />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
      </figure>
    </section>
  );
}

import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../../i18n';
import { COLORS } from '../invest-content';
import { TIERS, YEARS, formatRM, tierRevenue } from '../invest-model';

/** Revenue per tier and year, and the year-3 mix as a pie chart, in the locale. */
export function TierMix() {
  const { t } = useTranslation(MARKETING_NS);
  const f = useFormat();
  const rm = (n: number) => formatRM(n, f.locale);
  const mixData = TIERS.map((tier) => ({
    name: `${t(`invest.${tier.nameKey}`)} (${rm(tier.price)})`,
    value: tierRevenue(tier, 2),
  }));
  return (
    <section className="mk-section" aria-labelledby="inv-mix">
      <h2 id="inv-mix">{t('invest.mix')}</h2>
      <div className="mk-table-wrap">
        <table className="mk-table">
          <thead>
            <tr>
              <th scope="col">{t('invest.tier')}</th>
              <th scope="col">{t('invest.price')}</th>
              {YEARS.map((y, i) => (
                <th key={y} scope="col">
                  {t('invest.yearRevenue', { n: f.number(i + 1) })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {TIERS.map((tier) => (
              <tr key={tier.id}>
                <th scope="row">{t(`invest.${tier.nameKey}`)}</th>
                <td>
                  {rm(tier.price)} {t(`invest.${tier.unitKey}`)}
                </td>
                {YEARS.map((y, i) => (
                  <td key={y}>{rm(tierRevenue(tier, i))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figure className="mk-chart" aria-label={t('invest.pieChart')}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie data={mixData} dataKey="value" nameKey="name" outerRadius="75%" label={false}>
              {mixData.map((d, i) => (
                <Cell key={d.name} fill={COLORS[i % COLORS.length]} />
              ))}
            </Pie>
            <Tooltip formatter={(v) => rm(Number(v))} />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
      </figure>
    </section>
  );
}

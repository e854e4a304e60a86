import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useAdminFormat } from '../../../lib/use-admin-format';
import type { FinancialPoint, ShopPoint } from '../../dashboard';

/** The analytics range by date, newest first: income, expenses and net profit beside the shop's sales. */
export function ByDateTable({ fin, shop }: { fin: FinancialPoint[]; shop: ShopPoint[] }) {
  const { t } = useTranslation(ADMIN_NS);
  const { num: fmtNumber, money: fmtMoney, date } = useAdminFormat();
  return fin.length || shop.length ? (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('analytics.date')}</th>
            <th scope="col">{t('charts.income')}</th>
            <th scope="col">{t('charts.expenses')}</th>
            <th scope="col">{t('charts.netProfit')}</th>
            <th scope="col">{t('charts.sales')}</th>
            <th scope="col">{t('charts.revenue')}</th>
          </tr>
        </thead>
        <tbody>
          {[...new Set([...fin.map((f) => f.date), ...shop.map((s) => s.date)])]
            .sort()
            .reverse()
            .map((d) => {
              const f = fin.find((x) => x.date === d);
              const s = shop.find((x) => x.date === d);
              return (
                <tr key={d}>
                  <td>
                    {/^\d{4}-\d{2}-\d{2}$/.test(d) ? date(d, { dateStyle: 'medium', timeZone: 'UTC' }) : d}
                  </td>
                  <td>{fmtMoney(f?.income ?? 0)}</td>
                  <td>{fmtMoney(f?.expenses ?? 0)}</td>
                  <td>{fmtMoney(f?.netProfit ?? 0)}</td>
                  <td>{fmtNumber(s?.sales ?? 0)}</td>
                  <td>{fmtMoney(s?.revenue ?? 0)}</td>
                </tr>
              );
            })}
        </tbody>
      </table>
    </div>
  ) : (
    <p className="wf-muted">{t('analytics.noData')}</p>
  );
}

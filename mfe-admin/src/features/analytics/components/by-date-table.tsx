import { fmtMoney, fmtNumber } from '../../../components/panel';
import type { FinancialPoint, ShopPoint } from '../../dashboard';

/** The analytics range by date, newest first: income, expenses and net profit beside the shop's sales. */
export function ByDateTable({ fin, shop }: { fin: FinancialPoint[]; shop: ShopPoint[] }) {
  return fin.length || shop.length ? (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Income</th>
            <th scope="col">Expenses</th>
            <th scope="col">Net profit</th>
            <th scope="col">Sales</th>
            <th scope="col">Revenue</th>
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
                  <td>{d}</td>
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
    <p className="wf-muted">No data for this range.</p>
  );
}

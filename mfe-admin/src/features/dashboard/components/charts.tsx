import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useAdminFormat } from '../../../lib/use-admin-format';
import type { FinancialPoint, ShopPoint, UserGrowthPoint } from '../types';

const axis = { stroke: 'var(--text-muted)', fontSize: 12 };
const tooltipStyle = {
  background: 'var(--bg-elev)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--text)',
};

/** The charts' words and the locale's numbers and dates (axis ticks, tooltips). */
function useChart() {
  const { t } = useTranslation(ADMIN_NS);
  const f = useAdminFormat();
  const value = (v: unknown) => (typeof v === 'number' ? f.num(v) : String(v));
  return { t, tick: f.tick, value, tooltip: { formatter: value, labelFormatter: f.tick } };
}

export function UserGrowthChart({ data }: { data: UserGrowthPoint[] }) {
  const { t, tick, value, tooltip } = useChart();
  return (
    <div className="admin-chart" role="img" aria-label={t('charts.growthLabel')}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="period" tick={axis} tickFormatter={tick} />
          <YAxis yAxisId="total" tick={axis} tickFormatter={value} allowDecimals={false} />
          <YAxis yAxisId="new" orientation="right" tick={axis} tickFormatter={value} allowDecimals={false} />
          <Tooltip contentStyle={tooltipStyle} {...tooltip} />
          <Legend />
          <Area
            yAxisId="total"
            type="monotone"
            dataKey="totalUsers"
            name={t('charts.totalUsers')}
            stroke="var(--accent)"
            fill="var(--accent-soft)"
          />
          <Area
            yAxisId="new"
            type="monotone"
            dataKey="newUsers"
            name={t('charts.newUsers')}
            stroke="var(--warning)"
            fill="transparent"
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

export function FinancialChart({ data }: { data: FinancialPoint[] }) {
  const { t, tick, value, tooltip } = useChart();
  return (
    <div className="admin-chart" role="img" aria-label={t('charts.financialLabel')}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="date" tick={axis} tickFormatter={tick} />
          <YAxis tick={axis} tickFormatter={value} />
          <Tooltip contentStyle={tooltipStyle} {...tooltip} />
          <Legend />
          <Bar dataKey="income" name={t('charts.income')} fill="var(--success)" />
          <Bar dataKey="expenses" name={t('charts.expenses')} fill="var(--danger)" />
          <Line
            type="monotone"
            dataKey="netProfit"
            name={t('charts.netProfit')}
            stroke="var(--accent)"
            strokeWidth={2}
            dot={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

export function ShopChart({ data }: { data: ShopPoint[] }) {
  const { t, tick, value, tooltip } = useChart();
  return (
    <div className="admin-chart" role="img" aria-label={t('charts.shopLabel')}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="date" tick={axis} tickFormatter={tick} />
          <YAxis yAxisId="revenue" tick={axis} tickFormatter={value} />
          <YAxis
            yAxisId="sales"
            orientation="right"
            tick={axis}
            tickFormatter={value}
            allowDecimals={false}
          />
          <Tooltip contentStyle={tooltipStyle} {...tooltip} />
          <Legend />
          <Bar yAxisId="sales" dataKey="sales" name={t('charts.sales')} fill="var(--accent)" />
          <Bar yAxisId="revenue" dataKey="revenue" name={t('charts.revenue')} fill="var(--warning)" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Top items summed over the range, most sold first. */
export function topItems(data: ShopPoint[], limit = 5): { name: string; sales: number }[] {
  const totals = new Map<string, number>();
  for (const p of data) for (const t of p.top_items) totals.set(t.name, (totals.get(t.name) ?? 0) + t.sales);
  return [...totals.entries()]
    .map(([name, sales]) => ({ name, sales }))
    .sort((a, b) => b.sales - a.sales)
    .slice(0, limit);
}

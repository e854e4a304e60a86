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
import type { FinancialPoint, ShopPoint, UserGrowthPoint } from '../types';

const axis = { stroke: 'var(--text-muted)', fontSize: 12 };
const tooltipStyle = {
  background: 'var(--bg-elev)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--text)',
};

export function UserGrowthChart({ data }: { data: UserGrowthPoint[] }) {
  return (
    <div className="admin-chart" role="img" aria-label="User growth chart: new and total users per period">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="period" tick={axis} />
          <YAxis yAxisId="total" tick={axis} allowDecimals={false} />
          <YAxis yAxisId="new" orientation="right" tick={axis} allowDecimals={false} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend />
          <Area
            yAxisId="total"
            type="monotone"
            dataKey="totalUsers"
            name="Total users"
            stroke="var(--accent)"
            fill="var(--accent-soft)"
          />
          <Area
            yAxisId="new"
            type="monotone"
            dataKey="newUsers"
            name="New users"
            stroke="var(--warning)"
            fill="transparent"
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

export function FinancialChart({ data }: { data: FinancialPoint[] }) {
  return (
    <div className="admin-chart" role="img" aria-label="Financial chart: income, expenses and net profit">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="date" tick={axis} />
          <YAxis tick={axis} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend />
          <Bar dataKey="income" name="Income" fill="var(--success)" />
          <Bar dataKey="expenses" name="Expenses" fill="var(--danger)" />
          <Line
            type="monotone"
            dataKey="netProfit"
            name="Net profit"
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
  return (
    <div className="admin-chart" role="img" aria-label="Shop chart: sales and revenue">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="date" tick={axis} />
          <YAxis yAxisId="revenue" tick={axis} />
          <YAxis yAxisId="sales" orientation="right" tick={axis} allowDecimals={false} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend />
          <Bar yAxisId="sales" dataKey="sales" name="Sales" fill="var(--accent)" />
          <Bar yAxisId="revenue" dataKey="revenue" name="Revenue" fill="var(--warning)" />
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

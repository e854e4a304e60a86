import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ListeningResponse } from '@wayfarer/contracts';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { useAdminFormat } from '../../../lib/use-admin-format';
import { listeningChartRows } from '../utils/listening-csv';

const axis = { stroke: 'var(--text-muted)', fontSize: 12 };
const tooltipStyle = {
  background: 'var(--bg-elev)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--text)',
};

/** Plays started, completed and skipped of the most played guides (recharts, like the dashboard's charts). */
export function ListeningChart({ data }: { data: ListeningResponse['guides'] }) {
  const { t } = useTranslation(ADMIN_NS);
  const { num } = useAdminFormat();
  const rows = useMemo(() => listeningChartRows(data), [data]);
  const value = (v: unknown) => (typeof v === 'number' ? num(v) : String(v));
  return (
    <div className="admin-chart" role="img" aria-label={t('charts.listeningLabel')}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="name" tick={axis} />
          <YAxis tick={axis} tickFormatter={value} allowDecimals={false} />
          <Tooltip contentStyle={tooltipStyle} formatter={value} />
          <Legend />
          <Bar dataKey="started" name={t('charts.started')} fill="var(--accent)" />
          <Bar dataKey="completed" name={t('charts.completed')} fill="var(--success)" />
          <Bar dataKey="skipped" name={t('charts.skipped')} fill="var(--warning)" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

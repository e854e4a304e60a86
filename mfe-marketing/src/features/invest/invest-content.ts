import type { Formatters, TFunction } from '@wayfarer/i18n';
import { COST_ASSUMPTIONS, formatRM, type IncomeYear } from './invest-model';

/** The investor page's static figures (spec point 2): labels are catalog keys, values formatted in the locale. */
export function kpis(t: TFunction, f: Formatters) {
  return [
    { label: t('invest.kpiSights'), value: f.number(15_895) },
    { label: t('invest.kpiCountries'), value: `${f.number(150)}+` },
    { label: t('invest.kpiRevenue'), value: formatRM(158_000, f.locale) },
    { label: t('invest.kpiGrowth'), value: f.number(158_000 / 82_000 - 1, { style: 'percent' }) },
  ];
}

export function metrics(t: TFunction, f: Formatters) {
  const pct = (n: number) => f.number(n, { style: 'percent', maximumFractionDigits: 0 });
  return [
    { label: t('invest.mActive'), value: f.number(4_500) },
    { label: t('invest.mConversion'), value: pct(0.06) },
    { label: t('invest.mChurn'), value: t('invest.below', { value: pct(0.04) }) },
    { label: t('invest.mCac'), value: formatRM(18, f.locale) },
    { label: t('invest.mMargin'), value: pct(1 - COST_ASSUMPTIONS.cogsRate) },
  ];
}

export const CASES = [
  { title: 'invest.case1Title', text: 'invest.case1Text' },
  { title: 'invest.case2Title', text: 'invest.case2Text' },
  { title: 'invest.case3Title', text: 'invest.case3Text' },
] as const;

export const THESIS = ['invest.thesis1', 'invest.thesis2', 'invest.thesis3', 'invest.thesis4'] as const;
export const GOVERNANCE = ['invest.gov1', 'invest.gov2', 'invest.gov3', 'invest.gov4'] as const;

/** The income statement's lines; each label is `invest.<key>` (tax takes the rate). */
export const ROWS: { key: keyof IncomeYear; strong?: boolean; negative?: boolean }[] = [
  { key: 'revenue', strong: true },
  { key: 'cogs', negative: true },
  { key: 'grossProfit', strong: true },
  { key: 'staff', negative: true },
  { key: 'marketing', negative: true },
  { key: 'generalAdmin', negative: true },
  { key: 'operatingIncome', strong: true },
  { key: 'tax', negative: true },
  { key: 'netIncome', strong: true },
];

export const COLORS = ['#4f8cff', '#3ecf8e', '#f5a524'];

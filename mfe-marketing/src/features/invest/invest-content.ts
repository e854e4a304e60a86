import { COST_ASSUMPTIONS, TAX_RATE, formatRM, type IncomeYear } from './invest-model';

/** The investor page's static figures and texts (spec point 2). */
export const KPIS = [
  { label: 'Sights in the catalogue', value: '15,895' },
  { label: 'Countries covered', value: '150+' },
  { label: 'Projected year-3 revenue', value: formatRM(158_000) },
  { label: 'Projected revenue growth, year 1 → 3', value: `${Math.round((158_000 / 82_000 - 1) * 100)}%` },
];

export const METRICS = [
  { label: 'Monthly active travellers (target, year 1)', value: '4,500' },
  { label: 'Free → paid conversion (target)', value: '6%' },
  { label: 'Monthly paid churn (target)', value: '< 4%' },
  { label: 'Customer acquisition cost (target)', value: formatRM(18) },
  { label: 'Gross margin (assumed)', value: `${Math.round((1 - COST_ASSUMPTIONS.cogsRate) * 100)}%` },
];

export const CASES = [
  {
    title: 'A walking-tour operator in Penang',
    text: 'Replaced printed leaflets with Wayfarer guides for 12 heritage stops; tourists now follow the route on their own phones in four languages.',
  },
  {
    title: 'A city museum in Vienna',
    text: 'Linked its collection highlights to nearby sights so visitors continue the story outside, with comments showing which stops people liked most.',
  },
  {
    title: 'A school trip to Edinburgh',
    text: 'Teachers prepared the route on the map beforehand; students listened to narrated stations at the castle and posted photos for the class.',
  },
];

export const ROWS: { key: keyof IncomeYear; label: string; strong?: boolean; negative?: boolean }[] = [
  { key: 'revenue', label: 'Revenue', strong: true },
  { key: 'cogs', label: 'Cost of revenue', negative: true },
  { key: 'grossProfit', label: 'Gross profit', strong: true },
  { key: 'staff', label: 'Staff', negative: true },
  { key: 'marketing', label: 'Marketing', negative: true },
  { key: 'generalAdmin', label: 'General and administrative', negative: true },
  { key: 'operatingIncome', label: 'Income before tax', strong: true },
  { key: 'tax', label: `Tax (${Math.round(TAX_RATE * 100)}%)`, negative: true },
  { key: 'netIncome', label: 'Net income', strong: true },
];

export const COLORS = ['#4f8cff', '#3ecf8e', '#f5a524'];

import { formatters } from '@wayfarer/i18n';

/** Spec point 9: tax 24%; revenue 82,000 / 114,000 / 158,000; tiers priced 10, 5 and 1000 RM. */
export const TAX_RATE = 0.24;
export const SPEC_REVENUE = [82_000, 114_000, 158_000] as const;
export const YEARS = ['Year 1', 'Year 2', 'Year 3'] as const;

export interface Tier {
  id: string;
  /** English name and unit; the page shows the catalog's (`invest.<nameKey>`, `invest.<unitKey>`). */
  name: string;
  nameKey: string;
  price: number;
  unit: string;
  unitKey: string;
  /** Paid units per projected year (subscriber-months, passes, licences). */
  units: [number, number, number];
}

// Unit volumes are our assumptions, chosen so the tiers add up exactly to the spec's revenue per year.
export const TIERS: Tier[] = [
  {
    id: 'traveller',
    name: 'Traveller subscription',
    nameKey: 'traveller',
    price: 10,
    unit: 'per month',
    unitKey: 'perMonth',
    units: [5_400, 7_200, 9_600],
  },
  {
    id: 'day-pass',
    name: 'City day pass',
    nameKey: 'dayPass',
    price: 5,
    unit: 'per pass',
    unitKey: 'perPass',
    units: [2_000, 3_200, 4_400],
  },
  {
    id: 'operator',
    name: 'Tour-operator licence',
    nameKey: 'operator',
    price: 1000,
    unit: 'per year',
    unitKey: 'perYear',
    units: [18, 26, 40],
  },
];

/** Cost assumptions, shown on the page. Percentages are of revenue. */
export const COST_ASSUMPTIONS = {
  cogsRate: 0.22, // hosting, speech synthesis, map data and payment fees
  marketingRate: 0.15,
  staff: [30_000, 38_000, 46_000],
  generalAdmin: [6_000, 7_000, 8_000],
} as const;

export interface IncomeYear {
  year: string;
  revenue: number;
  cogs: number;
  grossProfit: number;
  staff: number;
  marketing: number;
  generalAdmin: number;
  operatingIncome: number;
  tax: number;
  netIncome: number;
}

const round = (n: number) => Math.round(n);

export function tierRevenue(tier: Tier, yearIndex: number): number {
  return tier.price * tier.units[yearIndex];
}

/** The projected income statement; tax is 24% of positive pre-tax income (losses are not taxed). */
export function incomeStatement(): IncomeYear[] {
  return YEARS.map((year, i) => {
    const revenue = TIERS.reduce((sum, t) => sum + tierRevenue(t, i), 0);
    const cogs = round(revenue * COST_ASSUMPTIONS.cogsRate);
    const grossProfit = revenue - cogs;
    const staff = COST_ASSUMPTIONS.staff[i];
    const marketing = round(revenue * COST_ASSUMPTIONS.marketingRate);
    const generalAdmin = COST_ASSUMPTIONS.generalAdmin[i];
    const operatingIncome = grossProfit - staff - marketing - generalAdmin;
    const tax = operatingIncome > 0 ? round(operatingIncome * TAX_RATE) : 0;
    return {
      year,
      revenue,
      cogs,
      grossProfit,
      staff,
      marketing,
      generalAdmin,
      operatingIncome,
      tax,
      netIncome: operatingIncome - tax,
    };
  });
}

export function formatRM(n: number, locale = 'en'): string {
  return formatters(locale).number(n, { style: 'currency', currency: 'MYR', maximumFractionDigits: 0 });
}

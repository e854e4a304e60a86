export const CATEGORIES = ['landmark', 'museum', 'scenery', 'historic'] as const;
export type Category = (typeof CATEGORIES)[number];

const ALIASES: Record<string, Category> = {
  nature: 'scenery',
  natural: 'scenery',
  history: 'historic',
  historical: 'historic',
};

/** Maps a category or alias to its canonical slug; null for 'all', blanks and unknown words. */
export function normalizeCategory(raw: string): Category | null {
  const v = raw.trim().toLowerCase();
  if (ALIASES[v]) return ALIASES[v];
  return (CATEGORIES as readonly string[]).includes(v) ? (v as Category) : null;
}

/** Parses `categories=a,b` plus `type=x` into canonical slugs; empty means no filter. */
export function parseCategoryFilter(...inputs: Array<string | undefined>): Category[] {
  const out = new Set<Category>();
  for (const input of inputs) {
    if (!input) continue;
    for (const part of input.split(',')) {
      const c = normalizeCategory(part);
      if (c) out.add(c);
    }
  }
  return [...out];
}

export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** URL slug from the name, capped at 80 characters (spec point 3). */
export function slugify(name: string, suffix = ''): string {
  const base = normalizeName(name).replace(/ /g, '-') || 'sight';
  const tail = suffix ? `-${suffix}` : '';
  return (base.slice(0, 80 - tail.length).replace(/-+$/, '') + tail).slice(0, 80);
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** English country name for an ISO 3166-1 alpha-2 code (from the ICU data shipped with Node). */
export function countryName(code: string | null | undefined): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  try {
    const n = regionNames.of(code.toUpperCase());
    return n && n !== code.toUpperCase() ? n : null;
  } catch {
    return null;
  }
}

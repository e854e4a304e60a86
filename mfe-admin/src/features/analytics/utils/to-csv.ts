import type { FinancialPoint, ShopPoint } from '../../dashboard';

/**
 * A text cell a spreadsheet would run as a formula (= + - @, or a tab / carriage return before one) gets a leading
 * apostrophe, so an item name like `=HYPERLINK(...)` opens as text (OWASP "CSV injection"). Numbers stay numbers:
 * a negative net profit is data, not a formula.
 */
export function neutraliseFormula(s: string): string {
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/** RFC 4180 quoting: fields with comma, quote or newline are quoted and quotes doubled; text cells are neutralised. */
export function csvField(v: string | number | null | undefined): string {
  const s = v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : neutraliseFormula(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** One row per date joining the financial and shop series of the same range. */
export function analyticsCsv(financial: readonly FinancialPoint[], shop: readonly ShopPoint[]): string {
  const dates = [...new Set([...financial.map((f) => f.date), ...shop.map((s) => s.date)])].sort();
  const fin = new Map(financial.map((f) => [f.date, f]));
  const sh = new Map(shop.map((s) => [s.date, s]));
  return toCsv(
    ['date', 'income', 'expenses', 'net_profit', 'shop_sales', 'shop_revenue', 'top_items'],
    dates.map((d) => {
      const f = fin.get(d);
      const s = sh.get(d);
      return [
        d,
        f?.income ?? 0,
        f?.expenses ?? 0,
        f?.netProfit ?? 0,
        s?.sales ?? 0,
        s?.revenue ?? 0,
        (s?.top_items ?? []).map((t) => `${t.name} (${t.sales})`).join('; '),
      ];
    }),
  );
}

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

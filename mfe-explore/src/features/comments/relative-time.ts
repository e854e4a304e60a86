const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** '3 days ago' in the locale ('il y a 3 jours'); under a minute, `justNow`. */
export function relativeTime(iso: string, now = Date.now(), locale = 'en', justNow = 'just now'): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const sec = Math.round((t - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [u, s] of UNITS) if (Math.abs(sec) >= s) return rtf.format(Math.round(sec / s), u);
  return justNow;
}

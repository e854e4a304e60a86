import type { Catalog } from './catalogs';

/** The development pseudo-locale (`?lng=pseudo`): every translated message accented and bracketed. */
export const PSEUDO = 'pseudo';

const MAP: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ď',
  e: 'é',
  f: 'ƒ',
  g: 'ğ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ʠ',
  r: 'ŕ',
  s: 'š',
  t: 'ť',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ď',
  E: 'É',
  F: 'Ƒ',
  G: 'Ğ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ť',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/**
 * A message in pseudo-locale: letters accented, `{{placeholders}}` and `<tags>` left as they are, bracketed so a
 * clipped or concatenated message shows. A text of the page still in plain English is a string not translated.
 */
export function pseudoMessage(message: string): string {
  const parts = message.split(/(\{\{[^}]*\}\}|<[^>]*>)/);
  const body = parts.map((p, i) => (i % 2 ? p : p.replace(/[a-zA-Z]/g, (c) => MAP[c] ?? c))).join('');
  return `⟦${body}⟧`;
}

export function pseudoCatalog(catalog: Catalog): Catalog {
  const out: Record<string, string | Catalog> = {};
  for (const [k, v] of Object.entries(catalog))
    out[k] = typeof v === 'string' ? pseudoMessage(v) : pseudoCatalog(v);
  return out;
}

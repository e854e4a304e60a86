import type { Queryable } from '../db/types';

/**
 * public.search_fold (migration 0205: unaccent, lower case, runs of blanks and punctuation made one space) in
 * JavaScript, so the in-process search index folds a query without asking the database. The letters unaccent
 * rewrites are read once from the database itself (`unaccent()` of every character in the blocks its rules cover),
 * so the fold follows the rules file of whichever database runs: PGlite's or PostgreSQL's. A character outside
 * those blocks is kept as it is, as unaccent keeps a character it has no rule for. search-fold.test.ts checks the
 * two folds agree on every seed name.
 */
export type Fold = (s: string) => string;

/** Unicode blocks unaccent.rules covers: Latin-1 to Latin Extended-B, IPA/spacing modifiers, Greek, Cyrillic,
 * Latin Extended Additional, general punctuation, letterlike symbols and number forms, Latin ligatures. */
const BLOCKS: Array<[number, number]> = [
  [0x00a0, 0x036f],
  [0x0370, 0x03ff],
  [0x0400, 0x052f],
  [0x1d00, 0x1eff],
  [0x2000, 0x218f],
  [0x2460, 0x24ff],
  [0x2c60, 0x2c7f],
  [0xa720, 0xa7ff],
  [0xfb00, 0xfb06],
  [0xff00, 0xff5e],
];

// What [[:space:][:punct:]] matches after lower(): blanks, punctuation and symbols; combining marks that survive
// unaccent (a half mark, U+FE20) and digits other than decimal ones (², ¹) count as punctuation there too.
const SEPARATORS = /[\s\p{P}\p{S}\p{M}\p{No}]+/gu;

export function makeFold(rules: ReadonlyMap<string, string>): Fold {
  return (s) => {
    let out = '';
    for (const ch of s) out += rules.get(ch) ?? ch;
    return out.toLowerCase().replace(SEPARATORS, ' ').trim();
  };
}

/** The fold of this database's unaccent rules (one query). */
export async function loadFold(db: Queryable): Promise<Fold> {
  const chars: string[] = [];
  for (const [from, to] of BLOCKS)
    for (let c = from; c <= to; c++) {
      const ch = String.fromCodePoint(c);
      // Lone surrogates and unassigned code points are not text PostgreSQL accepts.
      if (/\p{Cn}|\p{Cs}/u.test(ch)) continue;
      chars.push(ch);
    }
  const { rows } = await db.query<{ c: string; u: string }>(
    `SELECT c, public.unaccent('public.unaccent'::regdictionary, c) AS u FROM unnest($1::text[]) AS c`,
    [chars],
  );
  const rules = new Map<string, string>();
  for (const r of rows) if (r.u !== r.c) rules.set(r.c, r.u);
  return makeFold(rules);
}

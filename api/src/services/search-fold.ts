import type { Queryable } from '../db/types';

/**
 * public.search_fold (migration 0205: unaccent, lower case, runs of blanks and punctuation made one space) in
 * JavaScript, so the in-process search index folds a query without asking the database. What each character
 * becomes is read once from the database itself: the fold of every character of the Basic Multilingual Plane, one
 * query. So the JavaScript fold follows whichever database runs, whose rules differ: PGlite's and PostgreSQL's
 * unaccent files, and the locale (under the C locale PostgreSQL lower-cases only ASCII and takes no letter outside
 * it for punctuation). A character beyond that plane (an emoji) is kept. search-index.test.ts checks that the two
 * folds agree on every seed name, on PGlite and on PostgreSQL.
 */
export type Fold = (s: string) => string;

export function makeFold(table: ReadonlyMap<string, string>): Fold {
  return (s) => {
    let out = '';
    for (const ch of s) out += table.get(ch) ?? ch;
    return out.replace(/ {2,}/g, ' ').trim();
  };
}

/** The fold of this database (one query over the 63,000-odd assigned characters of the BMP). */
export async function loadFold(db: Queryable): Promise<Fold> {
  const chars: string[] = [];
  for (let c = 1; c <= 0xffff; c++) {
    const ch = String.fromCharCode(c);
    // Surrogates are not text PostgreSQL accepts; unassigned code points fold to themselves.
    if (/\p{Cs}|\p{Cn}/u.test(ch)) continue;
    chars.push(ch);
  }
  const { rows } = await db.query<{ c: string; f: string }>(
    `SELECT c, regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, c)),
                              '[[:space:][:punct:]]+', ' ', 'g') AS f
       FROM unnest($1::text[]) AS c`,
    [chars],
  );
  const table = new Map<string, string>();
  for (const r of rows) if (r.f !== r.c) table.set(r.c, r.f);
  return makeFold(table);
}

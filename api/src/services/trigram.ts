/**
 * pg_trgm's similarity() and word_similarity() in JavaScript, for the in-process search index
 * (sight-search-index.ts), which answers GET /search without a database round trip. Same rules as
 * contrib/pg_trgm/trgm_op.c: words are runs of letters and digits, each padded with two spaces before and one after;
 * similarity is |A ∩ B| / |A ∪ B| over the two sets of trigrams; word similarity is the best such ratio between the
 * query's trigrams and any continuous extent of the text's ordered trigrams (iterate_word_similarity, plain mode);
 * results are float4 as PostgreSQL returns them. trigram.test.ts compares both with pg_trgm's on real names.
 *
 * Inputs are already folded (search-fold.ts): lower case, no punctuation.
 */

const WORD = /[\p{L}\p{N}]+/gu;

/** The trigrams of `s` in order, duplicates kept (generate_trgm_only). */
export function orderedTrigrams(s: string): string[] {
  const out: string[] = [];
  for (const m of s.matchAll(WORD)) {
    const chars = [' ', ' ', ...m[0], ' '];
    for (let i = 0; i + 3 <= chars.length; i++) out.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** The set of trigrams of `s` (generate_trgm). */
export function trigramSet(s: string): Set<string> {
  return new Set(orderedTrigrams(s));
}

/** CALCSML: count / (len1 + len2 - count), as float4. */
const calcSml = (count: number, len1: number, len2: number) =>
  Math.fround(count / Math.fround(len1 + len2 - count));

/** similarity(a, b) from the two trigram sets. */
export function setSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (!a.size || !b.size) return 0;
  let count = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const t of small) if (large.has(t)) count++;
  return calcSml(count, a.size, b.size);
}

export const similarity = (a: string, b: string) => setSimilarity(trigramSet(a), trigramSet(b));

/**
 * word_similarity(query, text): `query` as its trigram set, `text` as its ordered trigrams. A port of
 * calc_word_similarity + iterate_word_similarity without the strict and check-only flags.
 */
export function wordSimilarityOf(query: ReadonlySet<string>, text: readonly string[]): number {
  const ulen1 = query.size;
  if (!ulen1 || !text.length) return 0;
  // Each distinct trigram of the text gets a slot; found[slot] says whether the query has it.
  const slots = new Map<string, number>();
  const idx = new Int32Array(text.length);
  const found: boolean[] = [];
  for (let i = 0; i < text.length; i++) {
    let slot = slots.get(text[i]!);
    if (slot === undefined) {
      slot = slots.size;
      slots.set(text[i]!, slot);
      found.push(query.has(text[i]!));
    }
    idx[i] = slot;
  }
  const lastpos = new Int32Array(slots.size).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < text.length; i++) {
    const t = idx[i]!;
    if (lower >= 0 || found[t]) {
      if (lastpos[t]! < 0) {
        ulen2++;
        if (found[t]) count++;
      }
      lastpos[t] = i;
    }
    if (!found[t]) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let smlrCur = calcSml(count, ulen1, ulen2);
    // Try moving the lower bound right for a better ratio.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tt = idx[tmpLower]!;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2--;
        if (found[tt]) tmpCount--;
      }
    }
    smlrMax = Math.max(smlrMax, smlrCur);
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tt = idx[tmpLower]!;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  return smlrMax;
}

/**
 * wordSimilarityOf over trigram ids (the search index numbers every trigram it has seen): `found[id]` is 1 where
 * the query holds that trigram, `lastpos` a scratch array of -1s as long as `found` (left as it was found).
 */
export function wordSimilarityIds(
  ulen1: number,
  found: Uint8Array,
  text: Int32Array,
  lastpos: Int32Array,
): number {
  if (!ulen1 || !text.length) return 0;
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < text.length; i++) {
    const t = text[i]!;
    if (lower >= 0 || found[t]) {
      if (lastpos[t]! < 0) {
        ulen2++;
        if (found[t]) count++;
      }
      lastpos[t] = i;
    }
    if (!found[t]) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let smlrCur = calcSml(count, ulen1, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tt = text[tmpLower]!;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2--;
        if (found[tt]) tmpCount--;
      }
    }
    smlrMax = Math.max(smlrMax, smlrCur);
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tt = text[tmpLower]!;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  for (let i = 0; i < text.length; i++) lastpos[text[i]!] = -1;
  return smlrMax;
}

/** similarity() from the count of shared trigrams and the two set sizes. */
export const similarityOfCounts = calcSml;

export const wordSimilarity = (query: string, text: string) =>
  wordSimilarityOf(trigramSet(query), orderedTrigrams(text));

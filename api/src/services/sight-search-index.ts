import type { Queryable } from '../db/types';
import { loadFold, type Fold } from './search-fold';
import { orderedTrigrams, similarityOfCounts, wordSimilarityIds } from './trigram';

/**
 * In-process read model of the searchable names for GET /search, beside the nearby grid and kept fresh by it
 * (NearbySightGrid calls `load` on its build and with the ids every wf_sights_changed notification names, so a
 * write through this API, another copy, /rest/v1 or psql is seen, and the grid's read-your-writes fence covers it).
 *
 * It answers what searchSights' SQL answers, without a database round trip: the same candidates (a word of the
 * name starts with the query; or the name holds all but one of the query's pieces, queryPieces), kept and ranked by
 * pg_trgm's similarity and word similarity (trigram.ts, the same float4 arithmetic), popularity and nearness. On
 * PGlite one SQL search holds the database's single connection for about 16 ms, so fifty people typing queue
 * behind each other; here a search costs well under a millisecond (`pnpm bench search`).
 *
 * Candidates come from posting lists: every name is filed under each of its trigrams, and a condition ("holds
 * 'col' and 'eum'") reads the shortest list among the trigrams its substrings must contain, then checks the
 * substrings themselves, as the trigram GIN index answers a `LIKE` (recheck included).
 */

export interface SearchHitOptions {
  q: string;
  lat?: number;
  lon?: number;
  limit: number;
}

export interface SightHit {
  id: string;
  name: string;
  category: string | null;
  city: string | null;
  country: string | null;
  lat: number;
  lon: number;
  match: number;
  /** The name (or one of its names in another language) folds to exactly the query. */
  exact: boolean;
  score: number;
  distance_km: number | null;
}

/** Weights of the sight score: the name first, then how popular the sight is, then how near the point sent. */
export const W_POPULAR = 0.25;
export const W_NEAR = 0.25;
/** Distance at which nearness counts half (km). */
export const NEAR_HALF_KM = 25;
/** Trigram similarity (whole name) and word similarity (a word of the name, or its beginning) that count as a match. */
export const MIN_SIMILARITY = 0.3;
export const MIN_WORD_SIMILARITY = 0.6;

/**
 * Contiguous pieces of the folded query for finding a misspelt name: one typo (a letter changed, added or dropped)
 * falls in one piece, so a name within one typo of the query still holds the others whole. Three pieces from nine
 * letters on (a name then needs two of them), two from six (either), none below (the word-start arms find those).
 * A piece is at least three letters, so the trigram index can answer `LIKE '%piece%'`.
 */
export function queryPieces(folded: string): string[] {
  const n = [...folded].length;
  const k = n >= 9 ? 3 : n >= 6 ? 2 : 0;
  const chars = [...folded];
  const pieces: string[] = [];
  for (let i = 0; i < k; i++)
    pieces.push(chars.slice(Math.round((i * n) / k), Math.round(((i + 1) * n) / k)).join(''));
  return pieces;
}

/** Of three pieces a name must hold two (any two); of two, either. */
export function pieceSets(pieces: readonly string[]): string[][] {
  if (pieces.length === 3)
    return [
      [pieces[0]!, pieces[1]!],
      [pieces[0]!, pieces[2]!],
      [pieces[1]!, pieces[2]!],
    ];
  return pieces.map((p) => [p]);
}

/** Whole answers kept (each a few hundred bytes to a few KiB). */
const ANSWER_CACHE_ENTRIES = 4000;

// earthdistance's sphere (metres), as the SQL ranking's earth_distance uses.
const EARTH_M = 6378168;
const RAD = Math.PI / 180;

export function earthKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a =
    Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 +
    Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(((lon2 - lon1) * RAD) / 2) ** 2;
  return (2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(a)))) / 1000;
}

interface Sight {
  id: string;
  name: string;
  category: string | null;
  city: string | null;
  country: string | null;
  lat: number;
  lon: number;
  popularity: number;
  folded: string;
}

/** One searchable name: a sight's own (folded) or one of its names in another language. */
interface NameRecord {
  sight: Sight;
  text: string;
  alt: boolean;
  live: boolean;
  /** The text's trigrams in order, as ids of the index's trigram dictionary. */
  tris: Int32Array;
  /** Its distinct trigram ids. */
  uniq: Int32Array;
  /** Characters in the text (for the prefix score of a name in another language). */
  chars: number;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The trigrams any name holding `sub` (somewhere, as `LIKE '%sub%'`) must contain: those of its words, padded where
 * the substring itself shows a word's edge (pg_trgm's get_wildcard_part).
 */
export function requiredTrigrams(sub: string, atWordStart = false): string[] {
  const out: string[] = [];
  const chars = [...sub];
  let i = 0;
  while (i < chars.length) {
    while (i < chars.length && !WORD_CHAR.test(chars[i]!)) i++;
    if (i >= chars.length) break;
    const start = i;
    while (i < chars.length && WORD_CHAR.test(chars[i]!)) i++;
    const leftEdge = start > 0 || atWordStart;
    const rightEdge = i < chars.length;
    const padded = [...(leftEdge ? [' ', ' '] : []), ...chars.slice(start, i), ...(rightEdge ? [' '] : [])];
    for (let j = 0; j + 3 <= padded.length; j++) out.push(padded[j]! + padded[j + 1]! + padded[j + 2]!);
  }
  return out;
}

/** Whether the ascending list holds n (binary search). */
function holds(list: readonly number[], n: number): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = list[mid]!;
    if (v === n) return true;
    if (v < n) lo = mid + 1;
    else hi = mid;
  }
  return false;
}

type Row = {
  id: string;
  name: string;
  category: string | null;
  city: string | null;
  country: string | null;
  lat: number;
  lon: number;
  popularity: number | null;
};

const SIGHT_SQL = `SELECT s.id, s.name, s.category_slugs[1] AS category, s.city, s.country,
    s.latitude AS lat, s.longitude AS lon, s.popularity
  FROM public.sights s WHERE NOT s.hidden AND s.merged_into IS NULL`;

export class SightSearchIndex {
  private fold: Fold | undefined;
  private records: NameRecord[] = [];
  /** Trigram -> id; postings[id] lists the records holding it, ascending. */
  private readonly dict = new Map<string, number>();
  private postings: number[][] = [];
  /** Scratch arrays as long as the dictionary: the query's trigrams, and word similarity's last positions. */
  private found = new Uint8Array(0);
  private lastpos = new Int32Array(0);
  private readonly bySight = new Map<string, number[]>();
  private dead = 0;
  private loaded = false;
  /**
   * The latest whole answers (sights and places) by query, least recently used first. Travellers type the same
   * beginnings ("mus", "eif") and the same famous names; any change to the index empties it, so an answer is never
   * older than the index. Hits and misses since start are printed by the bench.
   */
  private readonly answers = new Map<string, unknown>();
  readonly answerStats = { hits: 0, misses: 0 };
  /** Counts changes: an answer computed before a change is not remembered after it. */
  private generationValue = 0;

  get generation(): number {
    return this.generationValue;
  }

  get ready(): boolean {
    return this.loaded && this.fold !== undefined;
  }

  get size(): number {
    return this.bySight.size;
  }

  /** A remembered answer for `key`, or undefined. */
  answer<T>(key: string): T | undefined {
    const hit = this.answers.get(key);
    if (hit === undefined) {
      this.answerStats.misses++;
      return undefined;
    }
    this.answerStats.hits++;
    this.answers.delete(key);
    this.answers.set(key, hit);
    return hit as T;
  }

  /** Keeps `answer`, unless the index changed since `generation` (read before the answer was computed). */
  remember(key: string, answer: unknown, generation: number): void {
    if (generation !== this.generationValue) return;
    this.answers.set(key, answer);
    if (this.answers.size > ANSWER_CACHE_ENTRIES) this.answers.delete(this.answers.keys().next().value!);
  }

  /** Drops everything (the grid is rebuilding or off). */
  clear(): void {
    this.generationValue++;
    this.answers.clear();
    this.records = [];
    this.dict.clear();
    this.postings = [];
    this.bySight.clear();
    this.dead = 0;
    this.loaded = false;
  }

  /** Reads every searchable sight (`ids` null) or re-reads the ones named. */
  async load(db: Queryable, ids: readonly string[] | null): Promise<void> {
    this.fold ??= await loadFold(db);
    const filter = ids ? ' AND s.id = ANY($1::text[])' : '';
    const params = ids ? [ids] : [];
    const [{ rows }, names] = await Promise.all([
      db.query<Row>(SIGHT_SQL + filter, params),
      db.query<{ sight_id: string; name: string }>(
        `SELECT n.sight_id, n.name FROM public.sight_names n${ids ? ' WHERE n.sight_id = ANY($1::text[])' : ''}`,
        params,
      ),
    ]);
    if (!ids) this.clear();
    else for (const id of ids) this.remove(id);
    this.generationValue++;
    this.answers.clear();
    const alt = new Map<string, string[]>();
    for (const n of names.rows) {
      const list = alt.get(n.sight_id);
      if (list) list.push(n.name);
      else alt.set(n.sight_id, [n.name]);
    }
    for (const r of rows) this.put(r, alt.get(r.id) ?? []);
    if (this.dead > 1000 && this.dead > this.records.length / 4) this.compact();
    this.loaded = true;
  }

  private put(r: Row, altNames: string[]): void {
    const fold = this.fold!;
    const sight: Sight = {
      id: r.id,
      name: r.name,
      category: r.category,
      city: r.city,
      country: r.country,
      lat: r.lat,
      lon: r.lon,
      popularity: r.popularity ?? 0,
      folded: fold(r.name),
    };
    const at: number[] = [];
    const seen = new Set<string>();
    for (const [text, alt] of [
      [sight.folded, false] as const,
      ...altNames.map((n) => [fold(n), true] as const),
    ]) {
      if (!text || seen.has(`${alt}:${text}`)) continue;
      seen.add(`${alt}:${text}`);
      at.push(this.file({ sight, text, alt, live: true, ...this.trigramsOf(text) }));
    }
    this.bySight.set(r.id, at);
  }

  private trigramsOf(text: string): Pick<NameRecord, 'tris' | 'uniq' | 'chars'> {
    const ordered = orderedTrigrams(text);
    const tris = new Int32Array(ordered.length);
    ordered.forEach((t, i) => {
      let id = this.dict.get(t);
      if (id === undefined) {
        id = this.dict.size;
        this.dict.set(t, id);
        this.postings.push([]);
      }
      tris[i] = id;
    });
    return { tris, uniq: Int32Array.from(new Set(tris)), chars: [...text].length };
  }

  private file(rec: NameRecord): number {
    const n = this.records.push(rec) - 1;
    for (const id of rec.uniq) this.postings[id]!.push(n);
    return n;
  }

  private remove(id: string): void {
    const at = this.bySight.get(id);
    if (!at) return;
    for (const n of at) this.records[n]!.live = false;
    this.dead += at.length;
    this.bySight.delete(id);
  }

  /** Files the live records again without the removed ones. */
  private compact(): void {
    const live = this.records.filter((r) => r.live);
    this.records = [];
    for (const list of this.postings) list.length = 0;
    this.bySight.clear();
    this.dead = 0;
    for (const rec of live) {
      const n = this.file(rec);
      const at = this.bySight.get(rec.sight.id);
      if (at) at.push(n);
      else this.bySight.set(rec.sight.id, [n]);
    }
  }

  /**
   * Records holding every substring of `subs` (`atWordStart`: the first at the start of a word): the intersection of
   * the posting lists of the trigrams they must contain (shortest first), checked against the text itself.
   */
  private matching(subs: readonly string[], atWordStart: boolean, into: Set<number>): void {
    const lists: number[][] = [];
    for (let i = 0; i < subs.length; i++)
      for (const t of new Set(requiredTrigrams(subs[i]!, atWordStart && i === 0)))
        lists.push(this.postings[this.dict.get(t) ?? -1] ?? []);
    lists.sort((a, b) => a.length - b.length);
    const test = (text: string) =>
      subs.every((s, i) =>
        atWordStart && i === 0 ? text.startsWith(s) || text.includes(` ${s}`) : text.includes(s),
      );
    const scan = lists.length ? lists[0]! : this.records.map((_, i) => i);
    outer: for (const n of scan) {
      for (let k = 1; k < lists.length; k++) if (!holds(lists[k]!, n)) continue outer;
      const rec = this.records[n]!;
      if (rec.live && !into.has(n) && test(rec.text)) into.add(n);
    }
  }

  /** Sights by name, best first: the same hits as searchSights' SQL. */
  search(o: SearchHitOptions): SightHit[] {
    const fold = this.fold!;
    if (!/[\p{L}\p{N}]/u.test(o.q)) return [];
    const q = fold(o.q);
    if (!q) return [];
    const candidates = new Set<number>();
    this.matching([q], true, candidates);
    for (const set of pieceSets(queryPieces(q))) this.matching(set, false, candidates);

    // The query's distinct trigrams, marked in `found` (a trigram no name has cannot be shared, but counts).
    if (this.found.length < this.dict.size) {
      this.found = new Uint8Array(this.dict.size * 2);
      this.lastpos = new Int32Array(this.dict.size * 2).fill(-1);
    }
    const qTris = new Set(orderedTrigrams(q));
    const qIds: number[] = [];
    for (const t of qTris) {
      const id = this.dict.get(t);
      if (id !== undefined) qIds.push(id);
    }
    for (const id of qIds) this.found[id] = 1;
    const qLen = [...q].length;
    const point = o.lat !== undefined && o.lon !== undefined;
    const best = new Map<Sight, { match: number; exact: boolean }>();
    try {
      for (const n of candidates) {
        const rec = this.records[n]!;
        let shared = 0;
        for (const id of rec.uniq) shared += this.found[id]!;
        const prefix = rec.alt && rec.text.startsWith(q);
        // Both similarities are at most shared / |query trigrams|: a name sharing too few cannot pass either bar.
        if (shared < MIN_SIMILARITY * qTris.size && !prefix) continue;
        const sim = similarityOfCounts(shared, qTris.size, rec.uniq.length);
        const wsim = wordSimilarityIds(qTris.size, this.found, rec.tris, this.lastpos);
        if (sim < MIN_SIMILARITY && wsim < MIN_WORD_SIMILARITY && !prefix) continue;
        let match = Math.max(sim, wsim);
        // A name in another language that starts with the query counts by how much of it the query covers (an
        // Arabic name gives pg_trgm no trigrams in a C-locale database; the SQL path scores it so, and so does this).
        if (prefix) match = Math.max(match, qLen / Math.max(rec.chars, 1));
        const exact = rec.text === q;
        const prev = best.get(rec.sight);
        if (!prev) best.set(rec.sight, { match, exact });
        else {
          prev.match = Math.max(prev.match, match);
          prev.exact ||= exact;
        }
      }
    } finally {
      for (const id of qIds) this.found[id] = 0;
    }
    const hits: SightHit[] = [];
    for (const [s, b] of best) {
      const distance = point ? earthKm(o.lat!, o.lon!, s.lat, s.lon) : null;
      const near = distance === null ? 0 : W_NEAR / (1 + distance / NEAR_HALF_KM);
      hits.push({
        id: s.id,
        name: s.name,
        category: s.category,
        city: s.city,
        country: s.country,
        lat: s.lat,
        lon: s.lon,
        match: b.match,
        exact: b.exact,
        distance_km: distance,
        score: b.match + (W_POPULAR * s.popularity) / 100 + near,
      });
    }
    hits.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return hits.slice(0, o.limit);
  }
}

import type { FactLicence, FactSource, SightClaim, SightFacts, SightSummary } from '@wayfarer/contracts';
import type { Queryable } from '../db/types';
import { WikiHttpError, type WikiClient } from './wiki-client';

/**
 * Facts for sights: the Wikipedia summary (REST `page/summary/{title}`) and a few Wikidata claims
 * (`wbgetentities`), each with its source URL and licence, fetched in the background by a worker and cached in
 * public.sight_facts per sight and language. A page only reads the cache (readFacts); nothing here runs in a
 * request. The article is found through the item's sitelink (`{lang}wiki`), never by guessing a title from a name.
 */

export const CC_BY_SA_4: FactLicence = {
  name: 'CC BY-SA 4.0',
  url: 'https://creativecommons.org/licenses/by-sa/4.0/',
};
export const CC0: FactLicence = {
  name: 'CC0 1.0',
  url: 'https://creativecommons.org/publicdomain/zero/1.0/',
};

export interface FactsSourceConfig {
  /** Wikipedia REST base, `{lang}` replaced by the language: https://{lang}.wikipedia.org/api/rest_v1 */
  wikipediaUrl: string;
  /** Wikidata action API: https://www.wikidata.org/w/api.php */
  wikidataUrl: string;
  /** Days a fetched row is kept before a worker refreshes it. */
  refreshDays: number;
}

export interface FactsSource extends FactsSourceConfig {
  client: WikiClient;
}

export type ClaimKind = SightClaim['kind'];

/** The claims fetched, in the order they are shown. */
export const CLAIMS: Array<{ property: string; kind: ClaimKind; label: string; max: number }> = [
  { property: 'P571', kind: 'inception', label: 'Inception', max: 1 },
  { property: 'P84', kind: 'architect', label: 'Architect', max: 3 },
  { property: 'P170', kind: 'creator', label: 'Creator', max: 3 },
  { property: 'P1435', kind: 'heritage', label: 'Heritage designation', max: 3 },
  { property: 'P2048', kind: 'height', label: 'Height', max: 1 },
  { property: 'P1174', kind: 'visitors', label: 'Visitors per year', max: 1 },
  { property: 'P856', kind: 'website', label: 'Official website', max: 1 },
];

export const QID = /^Q[1-9][0-9]{0,11}$/;

// ---- Wikidata answer shapes (the parts read) ----

interface Snak {
  snaktype?: string;
  property?: string;
  datavalue?: { type?: string; value?: unknown };
}
interface Statement {
  mainsnak?: Snak;
  rank?: 'preferred' | 'normal' | 'deprecated';
  qualifiers?: Record<string, Snak[]>;
}
interface Entity {
  id?: string;
  missing?: string;
  sitelinks?: Record<string, { site?: string; title?: string }>;
  claims?: Record<string, Statement[]>;
  labels?: Record<string, { language?: string; value?: string }>;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const ordinal = (n: number) => {
  const t = n % 100;
  const suffix =
    t >= 11 && t <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/**
 * A Wikidata time value as people write it, at its precision: 11 day '31 March 1889', 10 month 'March 1889',
 * 9 year '1889' ('44 BC'), 8 decade '1880s', 7 century '19th century'. Null below century precision or unreadable.
 */
export function formatWikidataTime(v: { time?: unknown; precision?: unknown }, lang = 'en'): string | null {
  const m = typeof v.time === 'string' ? /^([+-])(\d{1,16})-(\d{2})-(\d{2})T/.exec(v.time) : null;
  const p = typeof v.precision === 'number' ? v.precision : -1;
  if (!m) return null;
  const year = Number(m[2]) * (m[1] === '-' ? -1 : 1);
  const month = Number(m[3]);
  const day = Number(m[4]);
  const y = year < 0 ? `${-year} BC` : String(year);
  if (year === 0) return null;
  // Another language: a day or a month in its words (Intl, the runtime's CLDR data), from year 1 on.
  if (lang !== 'en' && year > 0 && p >= 10 && month) {
    const d = new Date(Date.UTC(2000, month - 1, p >= 11 && day ? day : 1));
    d.setUTCFullYear(year);
    return new Intl.DateTimeFormat(lang, {
      ...(p >= 11 && day ? { day: 'numeric' } : {}),
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(d);
  }
  if (p >= 11 && month && day) return `${day} ${MONTHS[month - 1]} ${y}`;
  if (p >= 10 && month) return `${MONTHS[month - 1]} ${y}`;
  if (p === 9 || p >= 10) return y;
  if (p === 8 && year > 0) return `${Math.floor(year / 10) * 10}s`;
  if (p === 7) {
    const c = Math.ceil(Math.abs(year) / 100);
    return `${ordinal(c)} century${year < 0 ? ' BC' : ''}`;
  }
  return null;
}

const UNIT_METRE = 'Q11573';
const UNIT_FOOT = 'Q3710';

function entityIdOf(v: unknown): string | null {
  const id = (v as { id?: unknown } | null)?.id;
  return typeof id === 'string' && QID.test(id) ? id : null;
}

function unitId(unit: unknown): string | null {
  if (typeof unit !== 'string') return null;
  const m = /\/entity\/(Q\d+)$/.exec(unit);
  return m ? m[1] : null;
}

const number = (amount: unknown): number | null => {
  const n = typeof amount === 'string' ? Number(amount) : NaN;
  return Number.isFinite(n) ? n : null;
};
const groupedIn = (n: number, lang: string) => n.toLocaleString(lang, { maximumFractionDigits: 2 });
/** A length in the language's words ('330 metres', '330 mètres'). */
const lengthIn = (n: number, unit: 'meter' | 'foot', lang: string) =>
  lang === 'en'
    ? `${groupedIn(n, 'en')} ${unit === 'meter' ? 'metres' : 'feet'}`
    : new Intl.NumberFormat(lang, {
        style: 'unit',
        unit,
        unitDisplay: 'long',
        maximumFractionDigits: 2,
      }).format(n);

/** The statements of a property to use: the preferred ones when there are, else the normal ones; never deprecated. */
function best(statements: Statement[] | undefined): Statement[] {
  const live = (statements ?? []).filter(
    (s) => s.rank !== 'deprecated' && s.mainsnak?.snaktype === 'value' && s.mainsnak.datavalue,
  );
  const preferred = live.filter((s) => s.rank === 'preferred');
  return preferred.length ? preferred : live;
}

/** The entity ids a set of claims needs labels for (values and units). */
export function entityIdsToLabel(entity: Entity): string[] {
  const ids = new Set<string>();
  for (const c of CLAIMS) {
    for (const s of best(entity.claims?.[c.property]).slice(0, c.max)) {
      const v = s.mainsnak!.datavalue!.value;
      const id = entityIdOf(v);
      if (id) ids.add(id);
      const u = unitId((v as { unit?: unknown } | null)?.unit);
      if (u && u !== UNIT_METRE && u !== UNIT_FOOT) ids.add(u);
    }
  }
  return [...ids];
}

/** The claims of an item as shown and narrated, with their source (the item's page, at the property) and licence. */
export function claimsOf(
  entity: Entity,
  labels: Map<string, string>,
  entityPage: (qid: string) => string,
  lang = 'en',
): SightClaim[] {
  const grouped = (n: number) => groupedIn(n, lang);
  const qid = entity.id ?? '';
  const out: SightClaim[] = [];
  for (const c of CLAIMS) {
    const values: string[] = [];
    for (const s of best(entity.claims?.[c.property])) {
      if (values.length >= c.max) break;
      const dv = s.mainsnak!.datavalue!;
      const v = dv.value as Record<string, unknown>;
      let text: string | null = null;
      if (dv.type === 'time') text = formatWikidataTime(v, lang);
      else if (dv.type === 'wikibase-entityid') {
        const id = entityIdOf(v);
        text = id ? (labels.get(id) ?? null) : null;
      } else if (dv.type === 'quantity') {
        const n = number(v.amount);
        const u = unitId(v.unit);
        if (n == null || n < 0) text = null;
        else if (c.kind === 'height')
          text =
            u === UNIT_METRE
              ? lengthIn(n, 'meter', lang)
              : u === UNIT_FOOT
                ? lengthIn(n, 'foot', lang)
                : u && labels.get(u)
                  ? `${grouped(n)} ${labels.get(u)}`
                  : null;
        else if (c.kind === 'visitors') {
          const when = s.qualifiers?.P585?.[0]?.datavalue?.value as { time?: unknown } | undefined;
          const year = when ? formatWikidataTime({ time: when.time, precision: 9 }) : null;
          text = `${grouped(Math.round(n))}${year ? ` (${year})` : ''}`;
        }
      } else if (
        dv.type === 'string' &&
        c.kind === 'website' &&
        typeof dv.value === 'string' &&
        /^https?:\/\/\S+$/i.test(dv.value)
      )
        text = dv.value;
      if (text && !values.includes(text)) values.push(text);
    }
    if (!values.length) continue;
    out.push({
      property: c.property,
      kind: c.kind,
      label: c.label,
      value: values.join(', '),
      url: `${entityPage(qid)}#${c.property}`,
      licence: CC0,
    });
  }
  return out;
}

const WIKIPEDIA_ATTRIBUTION = 'From the Wikipedia article';

/** The part of a `page/summary` answer shown: a standard article with an extract; null for anything else. */
export function summaryOf(body: unknown, pageUrl: (title: string) => string): SightSummary | null {
  const b = body as {
    type?: unknown;
    title?: unknown;
    titles?: { normalized?: unknown };
    extract?: unknown;
    content_urls?: { desktop?: { page?: unknown } };
  } | null;
  if (!b || b.type !== 'standard' || typeof b.extract !== 'string' || !b.extract.trim()) return null;
  const title =
    typeof b.titles?.normalized === 'string'
      ? b.titles.normalized
      : typeof b.title === 'string'
        ? b.title
        : null;
  if (!title) return null;
  const page = b.content_urls?.desktop?.page;
  const url = typeof page === 'string' && /^https?:\/\//.test(page) ? page : pageUrl(title);
  return {
    title,
    extract: b.extract.trim(),
    url,
    licence: CC_BY_SA_4,
    attribution: `${WIKIPEDIA_ATTRIBUTION} "${title}", by its contributors, under CC BY-SA 4.0`,
  };
}

const langUrl = (template: string, lang: string) => template.replace(/\{lang\}/g, lang).replace(/\/+$/, '');
/** Where an article lives, when a summary does not say: the REST base's host, /wiki/Title. */
const articleUrl = (src: FactsSourceConfig, lang: string) => (title: string) =>
  `${new URL(langUrl(src.wikipediaUrl, lang)).origin}/wiki/${encodeURIComponent(title.replace(/ /g, '_'))}`;
/** An item's page on the Wikidata the API belongs to (https://www.wikidata.org/wiki/Q243). */
export const entityPageOf = (src: Pick<FactsSourceConfig, 'wikidataUrl'>) => (qid: string) =>
  new URL(`/wiki/${qid}`, src.wikidataUrl).toString();

function wbgetentities(src: FactsSourceConfig, params: Record<string, string>): string {
  const u = new URL(src.wikidataUrl);
  u.search = new URLSearchParams({ action: 'wbgetentities', format: 'json', ...params }).toString();
  return u.toString();
}

export interface FetchedFacts {
  status: 'ok' | 'none';
  summary: SightSummary | null;
  claims: SightClaim[];
}

/** Fetches an item's summary and claims in a language (three requests at most: item, labels, summary). */
export async function fetchFacts(src: FactsSource, qid: string, lang: string): Promise<FetchedFacts> {
  if (!QID.test(qid)) return { status: 'none', summary: null, claims: [] };
  const item = await src.client.getJson(
    wbgetentities(src, { ids: qid, props: 'claims|sitelinks', sitefilter: `${lang}wiki` }),
  );
  const apiError = (item.body as { error?: { code?: unknown; info?: unknown } } | null)?.error;
  if (apiError) {
    if (apiError.code === 'no-such-entity') return { status: 'none', summary: null, claims: [] };
    throw new WikiHttpError(`Wikidata: ${String(apiError.info ?? apiError.code)}`, item.status);
  }
  const entity = (item.body as { entities?: Record<string, Entity> } | null)?.entities?.[qid];
  if (item.status === 404 || !entity || entity.missing !== undefined)
    return { status: 'none', summary: null, claims: [] };

  const labels = new Map<string, string>();
  const wanted = entityIdsToLabel(entity);
  for (let i = 0; i < wanted.length; i += 50) {
    const r = await src.client.getJson(
      wbgetentities(src, {
        ids: wanted.slice(i, i + 50).join('|'),
        props: 'labels',
        languages: lang === 'en' ? 'en' : `${lang}|en`,
      }),
    );
    const entities = (r.body as { entities?: Record<string, Entity> } | null)?.entities ?? {};
    for (const [id, e] of Object.entries(entities)) {
      const label = e.labels?.[lang]?.value ?? e.labels?.en?.value;
      if (typeof label === 'string' && label.trim()) labels.set(id, label.trim());
    }
  }
  const claims = claimsOf(entity, labels, entityPageOf(src), lang);

  let summary: SightSummary | null = null;
  const title = entity.sitelinks?.[`${lang}wiki`]?.title;
  if (typeof title === 'string' && title.trim()) {
    const r = await src.client.getJson(
      `${langUrl(src.wikipediaUrl, lang)}/page/summary/${encodeURIComponent(title.trim().replace(/ /g, '_'))}`,
    );
    if (r.status !== 404) summary = summaryOf(r.body, articleUrl(src, lang));
  }
  return { status: summary || claims.length ? 'ok' : 'none', summary, claims };
}

/**
 * Fetches and stores the facts of one sight in one language (the worker's step), unless they are not due yet
 * (`force` fetches anyway). Sources that answer with nothing
 * store 'none' (asked again after refreshDays); a failure stores 'error' with a back-off (the source's
 * Retry-After when it said one, else doubling from a minute up to a day), keeping facts fetched before.
 */
export async function refreshFacts(
  db: Queryable,
  src: FactsSource,
  sightId: string,
  lang: string,
  opts: { force?: boolean } = {},
): Promise<'ok' | 'none' | 'error' | 'skipped'> {
  const sight = (
    await db.query<{ wikidata_id: string | null; fresh: boolean }>(
      `SELECT s.wikidata_id, EXISTS (SELECT 1 FROM public.sight_facts f WHERE f.sight_id = s.id AND f.lang = $2 AND f.refresh_after > now()) AS fresh
         FROM public.sights s WHERE s.id = $1`,
      [sightId, lang],
    )
  ).rows[0];
  // Fetched meanwhile (a job queued by another page view, another worker): nothing to do until it is due.
  if (!sight?.wikidata_id || (sight.fresh && !opts.force)) return 'skipped';
  try {
    const f = await fetchFacts(src, sight.wikidata_id, lang);
    await db.query(
      `INSERT INTO public.sight_facts (sight_id, lang, wikidata_id, status, summary, claims, error, attempts, fetched_at, refresh_after)
       VALUES ($1, $2, $3, $4, $5, $6, NULL, 0, now(), now() + make_interval(days => $7))
       ON CONFLICT (sight_id, lang) DO UPDATE SET wikidata_id = EXCLUDED.wikidata_id,
         -- A fetched summary replaces the shipped text; a fetch without one keeps it (and the row stays 'ok').
         status = CASE WHEN EXCLUDED.summary IS NULL AND sight_facts.summary_bundled THEN 'ok' ELSE EXCLUDED.status END,
         summary = CASE WHEN EXCLUDED.summary IS NULL AND sight_facts.summary_bundled THEN sight_facts.summary ELSE EXCLUDED.summary END,
         summary_bundled = EXCLUDED.summary IS NULL AND sight_facts.summary_bundled,
         claims = EXCLUDED.claims, error = NULL, attempts = 0, fetched_at = now(), refresh_after = EXCLUDED.refresh_after`,
      [
        sightId,
        lang,
        sight.wikidata_id,
        f.status,
        f.summary && JSON.stringify(f.summary),
        JSON.stringify(f.claims),
        src.refreshDays,
      ],
    );
    return f.status;
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 300);
    const retryAt = err instanceof WikiHttpError ? err.retryAt : null;
    // A sight that is gone meanwhile: nothing to store.
    await db.query(
      `INSERT INTO public.sight_facts (sight_id, lang, wikidata_id, status, error, attempts, fetched_at, refresh_after)
       SELECT $1, $2, $3, 'error', $4, 1, now(), COALESCE(to_timestamp($5::float8 / 1000), now() + interval '1 minute')
         FROM public.sights WHERE id = $1
       ON CONFLICT (sight_id, lang) DO UPDATE SET
         -- Facts fetched before (and their status) stay; only the state of the last attempt changes.
         error = EXCLUDED.error, attempts = sight_facts.attempts + 1,
         refresh_after = GREATEST(COALESCE(to_timestamp($5::float8 / 1000), now()),
                                  now() + LEAST(interval '1 day', interval '1 minute' * power(2, LEAST(sight_facts.attempts, 11))))`,
      [sightId, lang, sight.wikidata_id, message, retryAt],
    );
    return 'error';
  }
}

// ---- Reading (page requests) ----

interface FactsRow {
  status: 'ok' | 'none' | 'error';
  summary: SightSummary | null;
  claims: SightClaim[];
  refresh_after: Date | string;
}

/**
 * What a page shows: 'ready' with the cached summary and claims; 'pending' while a configured source has not been
 * asked yet (or its last attempt failed); 'none' when the sight has no Wikidata item or the sources have nothing;
 * 'off' when no source is configured and nothing is cached. `due` says whether a worker should fetch it now.
 */
export async function readFacts(
  db: Queryable,
  sight: { id: string; wikidata_id: string | null },
  lang: string,
  configured: boolean,
): Promise<{ facts: SightFacts; due: boolean }> {
  const empty = (status: SightFacts['status']): SightFacts => ({
    status,
    language: lang,
    summary: null,
    claims: [],
  });
  const row = (
    await db.query<FactsRow>(
      'SELECT status, summary, claims, refresh_after FROM public.sight_facts WHERE sight_id = $1 AND lang = $2',
      [sight.id, lang],
    )
  ).rows[0];
  // A sight without a Wikidata item can still hold the licensed text shipped with the product (seed), never fetched.
  if (!sight.wikidata_id) {
    if (row?.summary)
      return {
        facts: { status: 'ready', language: lang, summary: row.summary, claims: row.claims },
        due: false,
      };
    return { facts: empty(configured ? 'none' : 'off'), due: false };
  }
  const due = configured && (!row || new Date(row.refresh_after).getTime() <= Date.now());
  if (!row) return { facts: empty(configured ? 'pending' : 'off'), due };
  const has = Boolean(row.summary) || row.claims.length > 0;
  if (has)
    return { facts: { status: 'ready', language: lang, summary: row.summary, claims: row.claims }, due };
  if (row.status === 'error') return { facts: empty(configured ? 'pending' : 'off'), due };
  return { facts: empty('none'), due };
}

/** readFacts for a sight by id (its Wikidata item read here). */
export async function sightFacts(
  db: Queryable,
  sightId: string,
  lang: string,
  configured: boolean,
): Promise<{ facts: SightFacts; due: boolean }> {
  const row = (
    await db.query<{ wikidata_id: string | null }>('SELECT wikidata_id FROM public.sights WHERE id = $1', [
      sightId,
    ])
  ).rows[0];
  return readFacts(db, { id: sightId, wikidata_id: row?.wikidata_id ?? null }, lang, configured);
}

/** The cached facts of several sights (the guide writer's), by sight id; sights without any are left out. */
export async function cachedFacts(
  db: Queryable,
  sightIds: string[],
  lang: string,
): Promise<Map<string, { summary: SightSummary | null; claims: SightClaim[] }>> {
  const out = new Map<string, { summary: SightSummary | null; claims: SightClaim[] }>();
  if (!sightIds.length) return out;
  const { rows } = await db.query<{ sight_id: string; summary: SightSummary | null; claims: SightClaim[] }>(
    `SELECT sight_id, summary, claims FROM public.sight_facts WHERE sight_id = ANY($1::text[]) AND lang = $2 AND (summary IS NOT NULL OR claims <> '[]'::jsonb)`,
    [sightIds, lang],
  );
  for (const r of rows) out.set(r.sight_id, { summary: r.summary, claims: r.claims });
  return out;
}

/** Sights a worker should fetch next: with a Wikidata item, never fetched or due, most popular first. */
export async function dueSights(db: Queryable, lang: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT s.id FROM public.sights s
       LEFT JOIN public.sight_facts f ON f.sight_id = s.id AND f.lang = $1
      WHERE s.wikidata_id IS NOT NULL AND NOT s.hidden AND (f.sight_id IS NULL OR f.refresh_after <= now())
      ORDER BY (f.sight_id IS NULL) DESC, s.popularity DESC NULLS LAST, s.id
      LIMIT $2`,
    [lang, limit],
  );
  return rows.map((r) => r.id);
}

/** A source of a fact as a station lists it. */
export function sourceOfClaim(c: SightClaim, itemTitle: string): FactSource {
  return { title: `Wikidata: ${itemTitle}`, url: c.url.replace(/#.*$/, ''), licence: c.licence };
}
export function sourceOfSummary(s: SightSummary): FactSource {
  // A fetched summary is Wikipedia's whatever host serves it (a mirror, the tests' stand-in); a shipped one names its site.
  const site = s.attribution.startsWith(WIKIPEDIA_ATTRIBUTION) ? 'Wikipedia' : siteOf(s.url);
  return { title: `${site}: ${s.title}`, url: s.url, licence: s.licence };
}

/** Sites whose texts the product ships or fetches, by host, as their name is credited. */
const SITES: Array<[RegExp, string]> = [
  [/(^|\.)wikipedia\.org$/, 'Wikipedia'],
  [/(^|\.)wikivoyage\.org$/, 'Wikivoyage'],
  [/(^|\.)wikidata\.org$/, 'Wikidata'],
  [/(^|\.)unesco\.org$/, 'UNESCO World Heritage Centre'],
  [/(^|\.)europebeachmap\.com$/, 'Beachmap'],
];

/** The name of the site a text comes from ('Wikipedia', 'Beachmap'), else its host ('example.org'). */
export function siteOf(url: string): string {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
  for (const [re, name] of SITES) if (re.test(host)) return name;
  return host;
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../db/types';
import { countryName, normalizeCategory, normalizeName, slugify, type Category } from './categories';
import { parseCsv } from './csv';
import { describeSight } from './describe';
import { seedSightNames } from './search';

export const API_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'data');

export interface SightRow {
  id: string;
  slug: string;
  name: string;
  normalized_name: string;
  description: string;
  cover_image_url: string | null;
  img_preview: string | null;
  city: string | null;
  country: string | null;
  country_code: string | null;
  latitude: number;
  longitude: number;
  category_slugs: string[];
  category_hint: string | null;
  subtype: string | null;
  popularity: number | null;
  source: string;
  source_id: string | null;
  /** The sight's Wikidata item (from a `wikidata:Q…` source id): where its facts are fetched from. */
  wikidata_id: string | null;
}

export function commonsUrl(fileName: string, width = 640): string {
  return `https://commons.wikimedia.org/wiki/Special:FilePath/${encodeURIComponent(fileName.replace(/ /g, '_'))}?width=${width}`;
}

/** Reads api/data/sights.csv into rows ready for insertion (slugs made unique by id suffix on collision). */
export function readSeedSights(file = path.join(API_DATA_DIR, 'sights.csv')): SightRow[] {
  const [header, ...rows] = parseCsv(fs.readFileSync(file, 'utf8'));
  const col = Object.fromEntries(header.map((h, i) => [h, i])) as Record<string, number>;
  const seen = new Set<string>();
  const out: SightRow[] = [];
  for (const r of rows) {
    if (r.length < header.length) continue;
    const get = (k: string) => (r[col[k]] ?? '').trim();
    const category: Category = normalizeCategory(get('category')) ?? 'landmark';
    const name = get('name');
    const id = get('id');
    let slug = slugify(name);
    if (seen.has(slug)) slug = slugify(name, id.toLowerCase());
    seen.add(slug);
    const cc = get('country_code') || null;
    const city = get('city') || null;
    const country = countryName(cc);
    const pop = get('popularity') === '' ? null : Math.round(Number(get('popularity')));
    const image = get('image');
    out.push({
      id,
      slug,
      name,
      normalized_name: normalizeName(name),
      description: describeSight({ name, category, subtype: get('subtype'), city, country, popularity: pop }),
      cover_image_url: image ? commonsUrl(image) : null,
      img_preview: image ? commonsUrl(image, 320) : null,
      city,
      country,
      country_code: cc,
      latitude: Number(get('lat')),
      longitude: Number(get('lon')),
      category_slugs: [category],
      category_hint: get('subtype') || category,
      subtype: get('subtype') || null,
      popularity: Number.isFinite(pop) ? pop : null,
      source: get('source') || 'seed',
      source_id: get('source_id') || null,
      wikidata_id: /^wikidata:(Q[1-9][0-9]{0,11})$/.exec(get('source_id'))?.[1] ?? null,
    });
  }
  return out;
}

const SIGHT_COLS = [
  'id',
  'slug',
  'name',
  'normalized_name',
  'description',
  'cover_image_url',
  'img_preview',
  'city',
  'country',
  'country_code',
  'latitude',
  'longitude',
  'category_slugs',
  'category_hint',
  'subtype',
  'popularity',
  'source',
  'source_id',
  'wikidata_id',
] as const;

/** Multi-row INSERT in batches; ON CONFLICT keeps it idempotent. */
export async function insertSights(db: Queryable, rows: SightRow[], batch = 500): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch);
    const params: unknown[] = [];
    const values = chunk.map((row) => {
      const ph = SIGHT_COLS.map((c) => {
        params.push(row[c]);
        return `$${params.length}`;
      });
      return `(${ph.join(',')})`;
    });
    const res = await db.query(
      `INSERT INTO public.sights (${SIGHT_COLS.join(',')}) VALUES ${values.join(',')} ON CONFLICT DO NOTHING`,
      params,
    );
    inserted += res.rowCount;
  }
  return inserted;
}

const NEWS = [
  {
    title: 'Wayfarer opens its audio guides to everyone',
    summary: 'Nearby sights, narrated guides and offline audio are live.',
    body: 'Pick a sight near you, generate a guide and listen on the way. Free accounts get three guides a month.',
    pub: true,
  },
  {
    title: 'Sight photos from the community',
    summary: 'Upload your own photos of a sight; each one is reviewed before it appears.',
    body: 'Photos are checked by our moderators and shown on the sight page once approved.',
    pub: true,
  },
  {
    title: 'Seasonal themes are back',
    summary: 'The Christmas Lights theme returns in December.',
    body: 'Admins can switch the seasonal theme for every visitor from the admin area.',
    pub: true,
  },
  { title: 'Draft: offline map packs', summary: 'Work in progress.', body: 'Not published yet.', pub: false },
];

const ROADMAP = [
  { title: 'Nearby sights within 20 km', status: 'completed', pub: true },
  { title: 'Narrated audio guides', status: 'completed', pub: true },
  { title: 'Comments and ratings on sights', status: 'in_progress', pub: true },
  { title: 'Community photo uploads', status: 'in_progress', pub: true },
  { title: 'Offline map packs', status: 'planned', pub: true },
  { title: 'More narration voices', status: 'planned', pub: false },
];

const SHOP = [
  {
    slug: 'guide-credit',
    name: 'Extra guide',
    description: 'One extra narrated guide beyond your monthly allowance.',
    price: 50,
    kind: 'guide_credit',
  },
  {
    slug: 'theme-light',
    name: 'Light theme',
    description: 'A bright theme for daytime reading.',
    price: 100,
    kind: 'theme',
  },
  {
    slug: 'avatar-frame-gold',
    name: 'Gold avatar frame',
    description: 'A gold frame around your avatar in comments.',
    price: 250,
    kind: 'cosmetic',
  },
  {
    slug: 'explorer-badge',
    name: 'Explorer badge',
    description: 'A badge shown next to your name.',
    price: 500,
    kind: 'cosmetic',
  },
];

const THEMES = [
  { name: 'Dark', css: 'theme-dark', seasonal: false, active: true },
  { name: 'Light', css: 'theme-light', seasonal: false, active: false },
  { name: 'Christmas Lights', css: 'theme-christmas', seasonal: true, active: false },
  { name: 'Halloween Night', css: 'theme-halloween', seasonal: true, active: false },
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The closing tips the writer used to end every description with (invented, now gone). */
const OLD_CLOSINGS = [
  'Plan time for the collections and check opening hours before you go.',
  'Walk the grounds slowly: the layout itself tells part of the story.',
  'Bring suitable shoes and look out for the best light early or late in the day.',
  'Take a moment to see it from a distance as well as up close.',
];
const OLD_FAME =
  /^ It is (one of the most visited places of its kind|a well-known stop for travellers|a stop many visitors make|a quieter place off the busiest routes)\.$/;

/**
 * Databases seeded before sights had facts hold descriptions the old writer made ('… It is a well-known stop for
 * travellers. Take a moment to see it …'). Those exact shapes (name first, then the old fame and closing lines) are
 * rewritten from the sight's facts by today's writer; an admin's own text is left alone. Idempotent and cheap once
 * done (only rows still ending with an old closing line are read).
 */
export async function refreshWrittenDescriptions(db: Queryable): Promise<number> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    description: string;
    category_slugs: string[];
    subtype: string | null;
    city: string | null;
    country: string | null;
  }>(
    `SELECT id, name, description, category_slugs, subtype, city, country FROM public.sights
      WHERE ${OLD_CLOSINGS.map((_, i) => `right(description, ${OLD_CLOSINGS[i].length + 1}) = $${i + 1}`).join(' OR ')}`,
    OLD_CLOSINGS.map((c) => ` ${c}`),
  );
  const changes: Array<[id: string, text: string, old: string]> = [];
  for (const r of rows) {
    const body = r.description.slice(
      0,
      r.description.length - OLD_CLOSINGS.find((c) => r.description.endsWith(` ${c}`))!.length - 1,
    );
    // The old first sentence: name, kind, and a place (as the row holds it, or one without full stops, written before
    // an enrichment changed it); then at most the old fame line.
    const place = [r.city, r.country].filter(Boolean).join(', ');
    const first = body.match(
      new RegExp(
        `^${escapeRegExp(r.name)} is an? [a-z][a-z _-]*(?:${place ? ` in ${escapeRegExp(place)}|` : ''} in [^.]+)?\\.`,
      ),
    );
    if (!first) continue;
    const tail = body.slice(first[0].length);
    if (tail && !OLD_FAME.test(tail)) continue;
    const category = r.category_slugs.map((c) => normalizeCategory(c)).find(Boolean) ?? null;
    // Ingested sights store their OSM tag as subtype: their kind word stays as the old first sentence said it.
    const text = r.subtype?.startsWith('osm:')
      ? first[0]
      : describeSight({ name: r.name, category, subtype: r.subtype, city: r.city, country: r.country });
    changes.push([r.id, text, r.description]);
  }
  let n = 0;
  for (let i = 0; i < changes.length; i += 1000) {
    const chunk = changes.slice(i, i + 1000);
    const res = await db.query(
      `UPDATE public.sights s SET description = c.text, updated_at = now()
         FROM unnest($1::text[], $2::text[], $3::text[]) AS c(id, text, old)
        WHERE s.id = c.id AND s.description = c.old`,
      [chunk.map((c) => c[0]), chunk.map((c) => c[1]), chunk.map((c) => c[2])],
    );
    n += res.rowCount;
  }
  return n;
}

/** Seeds sights (when empty), news, roadmap, shop items and themes. Idempotent: each block runs only on an empty table. */
export async function seedProduct(db: Queryable, log: (m: string) => void = () => {}): Promise<void> {
  const count = async (t: string) =>
    Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM public.${t}`)).rows[0].n);
  if ((await count('sights')) === 0) {
    const t0 = Date.now();
    const n = await insertSights(db, readSeedSights());
    log(`seeded ${n} sights in ${Date.now() - t0} ms`);
  }
  // Names in other languages, once the file is there (it may come after the sights were seeded).
  const names = await seedSightNames(db, path.join(API_DATA_DIR, 'sight-names.csv'));
  if (names) log(`seeded ${names} sight names in other languages`);
  const rewritten = await refreshWrittenDescriptions(db);
  if (rewritten) log(`rewrote ${rewritten} sight descriptions without the old writer's filler`);
  if ((await count('news')) === 0) {
    for (const [i, n] of NEWS.entries()) {
      await db.query(
        `INSERT INTO public.news (title, summary, body, is_published, published_at, created_at)
         VALUES ($1,$2,$3,$4, CASE WHEN $4 THEN now() - make_interval(days => $5) END, now() - make_interval(days => $5))`,
        [n.title, n.summary, n.body, n.pub, (NEWS.length - i) * 3],
      );
    }
  }
  if ((await count('roadmap')) === 0) {
    for (const [i, r] of ROADMAP.entries()) {
      await db.query(
        'INSERT INTO public.roadmap (title, description, status, position_order, is_published) VALUES ($1,$2,$3,$4,$5)',
        [r.title, '', r.status, i, r.pub],
      );
    }
  }
  if ((await count('shop_items')) === 0) {
    for (const s of SHOP) {
      await db.query(
        'INSERT INTO public.shop_items (slug, name, description, price, kind) VALUES ($1,$2,$3,$4,$5) ON CONFLICT DO NOTHING',
        [s.slug, s.name, s.description, s.price, s.kind],
      );
    }
  }
  if ((await count('themes')) === 0) {
    for (const t of THEMES) {
      await db.query(
        'INSERT INTO public.themes (name, css_class, is_seasonal, is_active) VALUES ($1,$2,$3,$4) ON CONFLICT DO NOTHING',
        [t.name, t.css, t.seasonal, t.active],
      );
    }
  }
}

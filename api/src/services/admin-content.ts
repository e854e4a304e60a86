import type {
  AdminMergeInput,
  AdminSight,
  AdminSightPatch,
  AdminStation,
  AdminStationsInput,
  AuditLogEntry,
  AuditLogQuery,
} from '@wayfarer/contracts';
import type { z } from 'zod';
import type { Queryable } from '../db/types';
import { badRequest, notFound } from '../http/errors';
import { audit } from './audit';
import { normalizeName, slugify } from './categories';
import { refreshRatings } from './comment-counts';
import { SIGHT_COLUMNS } from './sights';

type Parsed<T extends z.ZodTypeAny> = z.output<T>;
/** Rows as the answers' schemas read them (the serializer checks them on the way out). */
type SightRow = z.input<typeof AdminSight>;
type StationRow = z.input<typeof AdminStation>;

/** An admin's view of a sight: the public columns plus visibility, merge target and what hangs off it. */
export const ADMIN_SIGHT_COLUMNS = `${SIGHT_COLUMNS}, s.hidden, s.merged_into,
  (SELECT count(*)::int FROM public.comments c WHERE c.sight_id = s.id) AS comments_count,
  (SELECT count(*)::int FROM public.sight_images i WHERE i.sight_id = s.id) AS images_count,
  (SELECT count(*)::int FROM public.stations st WHERE st.sight_id = s.id AND st.guide_id IS NULL) AS stations_count`;

const STATION_COLUMNS = 'id, position, title, text, audio_path IS NOT NULL AS has_audio, latitude, longitude';

/** `%term%` for LIKE with the wildcard characters of the term escaped. */
const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function getAdminSight(db: Queryable, id: string): Promise<SightRow> {
  const row = (
    await db.query<SightRow>(`SELECT ${ADMIN_SIGHT_COLUMNS} FROM public.sights s WHERE s.id = $1`, [id])
  ).rows[0];
  if (!row) throw notFound('Sight not found');
  return row;
}

export async function listStations(db: Queryable, sightId: string): Promise<StationRow[]> {
  return (
    await db.query<StationRow>(
      `SELECT ${STATION_COLUMNS} FROM public.stations WHERE sight_id = $1 AND guide_id IS NULL ORDER BY position, created_at`,
      [sightId],
    )
  ).rows;
}

/** Name, city, country, id or slug; accents and case ignored on the name. Exact name matches first, then popularity. */
export async function searchSights(
  db: Queryable,
  q: { q: string; page: number; pageSize: number; hidden?: 'true' | 'false' },
) {
  const term = q.q.trim().replace(/\s+/g, ' ');
  const params: unknown[] = [likeTerm(normalizeName(term)), likeTerm(term.toLowerCase()), term];
  const where = [
    `(s.normalized_name LIKE $1 OR lower(COALESCE(s.city, '')) LIKE $2 OR lower(COALESCE(s.country, '')) LIKE $2 OR s.id = $3 OR s.slug = $3)`,
  ];
  if (q.hidden) where.push(`s.hidden = ${q.hidden === 'true'}`);
  const w = where.join(' AND ');
  const total = Number(
    (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM public.sights s WHERE ${w}`, params))
      .rows[0]?.n ?? 0,
  );
  const items = (
    await db.query<SightRow>(
      `SELECT ${ADMIN_SIGHT_COLUMNS} FROM public.sights s WHERE ${w}
        ORDER BY (s.normalized_name = $4) DESC, s.popularity DESC NULLS LAST, s.name, s.id
        LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
      [...params, normalizeName(term)],
    )
  ).rows;
  return { items, total };
}

export async function updateSight(
  tx: Queryable,
  adminId: string,
  id: string,
  b: Parsed<typeof AdminSightPatch>,
): Promise<SightRow> {
  const r = await tx.query(
    `UPDATE public.sights SET
       name = COALESCE($2, name), normalized_name = COALESCE($3, normalized_name), description = COALESCE($4, description),
       city = CASE WHEN $5::boolean THEN $6 ELSE city END,
       category_slugs = COALESCE($7, category_slugs),
       cover_image_url = CASE WHEN $8::boolean THEN $9 ELSE cover_image_url END,
       updated_at = now()
     WHERE id = $1`,
    [
      id,
      b.name ?? null,
      b.name ? normalizeName(b.name) : null,
      b.description ?? null,
      b.city !== undefined,
      b.city || null,
      b.category_slugs ?? null,
      b.cover_image_url !== undefined,
      b.cover_image_url || null,
    ],
  );
  if (!r.rowCount) throw notFound('Sight not found');
  await audit(tx, adminId, 'sight.update', 'sight', id, b);
  return getAdminSight(tx, id);
}

export async function setSightHidden(
  tx: Queryable,
  adminId: string,
  id: string,
  hidden: boolean,
): Promise<SightRow> {
  const cur = (
    await tx.query<{ merged_into: string | null }>(
      'SELECT merged_into FROM public.sights WHERE id = $1 FOR UPDATE',
      [id],
    )
  ).rows[0];
  if (!cur) throw notFound('Sight not found');
  if (!hidden && cur.merged_into)
    throw badRequest(`This sight was merged into ${cur.merged_into} and stays hidden`);
  await tx.query('UPDATE public.sights SET hidden = $2, updated_at = now() WHERE id = $1', [id, hidden]);
  await audit(tx, adminId, hidden ? 'sight.hide' : 'sight.unhide', 'sight', id);
  return getAdminSight(tx, id);
}

/**
 * Replaces the sight's own station list (guide stations are left alone): listed ids are kept in the new order and
 * edited, entries without an id are added, stations left out are removed. A changed text drops the stale audio.
 * A location given (or null) replaces the station's; one left out keeps it, so older clients do not erase it.
 */
export async function replaceStations(
  tx: Queryable,
  adminId: string,
  sightId: string,
  b: Parsed<typeof AdminStationsInput>,
): Promise<StationRow[]> {
  if (!(await tx.query('SELECT 1 FROM public.sights WHERE id = $1 FOR UPDATE', [sightId])).rowCount)
    throw notFound('Sight not found');
  const existing = new Set(
    (
      await tx.query<{ id: string }>(
        'SELECT id FROM public.stations WHERE sight_id = $1 AND guide_id IS NULL',
        [sightId],
      )
    ).rows.map((r) => r.id),
  );
  const keep = b.stations.filter((s) => s.id).map((s) => s.id!);
  const foreign = keep.find((id) => !existing.has(id));
  if (foreign) throw badRequest(`Station ${foreign} does not belong to this sight`);
  const removed = [...existing].filter((id) => !keep.includes(id));
  if (removed.length) await tx.query('DELETE FROM public.stations WHERE id = ANY($1::uuid[])', [removed]);
  let added = 0;
  for (const [i, st] of b.stations.entries()) {
    if (st.id) {
      await tx.query(
        `UPDATE public.stations SET position = $2, title = $3,
           audio_path = CASE WHEN text IS DISTINCT FROM $4 THEN NULL ELSE audio_path END,
           audio_mime = CASE WHEN text IS DISTINCT FROM $4 THEN NULL ELSE audio_mime END,
           text = $4,
           latitude = CASE WHEN $5::boolean THEN $6::double precision ELSE latitude END,
           longitude = CASE WHEN $5::boolean THEN $7::double precision ELSE longitude END
         WHERE id = $1`,
        [
          st.id,
          i + 1,
          st.title,
          st.text,
          st.latitude !== undefined,
          st.latitude ?? null,
          st.longitude ?? null,
        ],
      );
    } else {
      added++;
      await tx.query(
        'INSERT INTO public.stations (sight_id, position, title, text, latitude, longitude) VALUES ($1,$2,$3,$4,$5,$6)',
        [sightId, i + 1, st.title, st.text, st.latitude ?? null, st.longitude ?? null],
      );
    }
  }
  await tx.query('UPDATE public.sights SET updated_at = now() WHERE id = $1', [sightId]);
  const located = b.stations.filter((st) => typeof st.latitude === 'number').length;
  await audit(tx, adminId, 'sight.stations', 'sight', sightId, {
    count: b.stations.length,
    added,
    removed: removed.length,
    order: keep,
    located,
  });
  return listStations(tx, sightId);
}

/**
 * Merges duplicates into one sight in a single transaction: comments (with their likes and replies), images, the
 * duplicates' own stations (appended after the kept ones, in the order given) and guides move to the kept sight;
 * empty cover, preview and description are filled from the duplicates; the duplicates are hidden and point at the
 * kept sight (merged_into), as do sights that were merged into a duplicate before.
 */
export async function mergeSights(tx: Queryable, adminId: string, b: Parsed<typeof AdminMergeInput>) {
  const ids = [b.keep_id, ...b.merge_ids];
  const rows = (
    await tx.query<{ id: string; merged_into: string | null }>(
      'SELECT id, merged_into FROM public.sights WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE',
      [ids],
    )
  ).rows;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw notFound(`Sight not found: ${missing.join(', ')}`);
  if (byId.get(b.keep_id)!.merged_into)
    throw badRequest(
      `${b.keep_id} was itself merged into ${byId.get(b.keep_id)!.merged_into}; merge into that sight instead`,
    );
  const already = b.merge_ids.filter((id) => byId.get(id)!.merged_into);
  if (already.length) throw badRequest(`Already merged: ${already.join(', ')}`);
  const dupes = b.merge_ids;

  const comments = (
    await tx.query('UPDATE public.comments SET sight_id = $1 WHERE sight_id = ANY($2::text[])', [
      b.keep_id,
      dupes,
    ])
  ).rowCount;
  const images = (
    await tx.query('UPDATE public.sight_images SET sight_id = $1 WHERE sight_id = ANY($2::text[])', [
      b.keep_id,
      dupes,
    ])
  ).rowCount;
  const stations = (
    await tx.query(
      `WITH base AS (SELECT COALESCE(max(position), 0) AS b FROM public.stations WHERE sight_id = $1 AND guide_id IS NULL),
            moved AS (SELECT id, row_number() OVER (ORDER BY array_position($2::text[], sight_id), position, created_at) AS rn
                        FROM public.stations WHERE sight_id = ANY($2::text[]) AND guide_id IS NULL)
       UPDATE public.stations st SET sight_id = $1, position = (base.b + moved.rn)::int FROM base, moved WHERE st.id = moved.id`,
      [b.keep_id, dupes],
    )
  ).rowCount;
  // Guides carry their own stations; both follow the sight.
  await tx.query(
    'UPDATE public.stations SET sight_id = $1 WHERE sight_id = ANY($2::text[]) AND guide_id IS NOT NULL',
    [b.keep_id, dupes],
  );
  const guides = (
    await tx.query('UPDATE public.guides SET sight_id = $1 WHERE sight_id = ANY($2::text[])', [
      b.keep_id,
      dupes,
    ])
  ).rowCount;

  await tx.query(
    `UPDATE public.sights k SET
       cover_image_url = COALESCE(k.cover_image_url, (SELECT d.cover_image_url FROM public.sights d WHERE d.id = ANY($2::text[]) AND d.cover_image_url IS NOT NULL ORDER BY array_position($2::text[], d.id) LIMIT 1)),
       img_preview = COALESCE(k.img_preview, (SELECT d.img_preview FROM public.sights d WHERE d.id = ANY($2::text[]) AND d.img_preview IS NOT NULL ORDER BY array_position($2::text[], d.id) LIMIT 1)),
       description = CASE WHEN k.description <> '' THEN k.description
         ELSE COALESCE((SELECT d.description FROM public.sights d WHERE d.id = ANY($2::text[]) AND d.description <> '' ORDER BY array_position($2::text[], d.id) LIMIT 1), '') END
     WHERE k.id = $1`,
    [b.keep_id, dupes],
  );
  await tx.query(
    'UPDATE public.sights SET hidden = true, merged_into = $1, updated_at = now() WHERE id = ANY($2::text[])',
    [b.keep_id, dupes],
  );
  await tx.query('UPDATE public.sights SET merged_into = $1 WHERE merged_into = ANY($2::text[])', [
    b.keep_id,
    dupes,
  ]);
  await refreshRatings(tx, [b.keep_id, ...dupes]);

  const moved = { comments, images, stations, guides };
  await audit(tx, adminId, 'sight.merge', 'sight', b.keep_id, { merged: dupes, moved });
  return { sight: await getAdminSight(tx, b.keep_id), merged: dupes, moved };
}

/** A shop slug from the name, made unique with a numeric suffix. */
export async function uniqueShopSlug(tx: Queryable, name: string): Promise<string> {
  const base = slugify(name).slice(0, 54).replace(/-+$/, '') || 'item';
  const taken = new Set(
    (
      await tx.query<{ slug: string }>(
        "SELECT slug FROM public.shop_items WHERE slug = $1 OR slug LIKE $1 || '-%'",
        [base],
      )
    ).rows.map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** The audit log, newest first, with the admin's name and e-mail; filters combine with AND. */
export async function listAuditLog(db: Queryable, q: Parsed<typeof AuditLogQuery>) {
  const params: unknown[] = [];
  const where: string[] = [];
  if (q.action) {
    const a = q.action.replace(/\.+$/, '');
    where.push(
      `(l.action = $${params.push(a)} OR l.action LIKE $${params.push(`${a.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`)})`,
    );
  }
  if (q.actor) {
    const p = params.push(likeTerm(q.actor.toLowerCase()));
    where.push(`(lower(COALESCE(p.display_name, '')) LIKE $${p} OR lower(COALESCE(u.email, '')) LIKE $${p})`);
  }
  if (q.admin_id) where.push(`l.admin_id = $${params.push(q.admin_id)}`);
  if (q.target_type) where.push(`l.target_type = $${params.push(q.target_type)}`);
  if (q.target_id) where.push(`l.target_id = $${params.push(q.target_id)}`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const from =
    'FROM public.admin_audit_log l LEFT JOIN auth.users u ON u.id = l.admin_id LEFT JOIN public.profiles p ON p.id = l.admin_id';
  const total = Number(
    (await db.query<{ n: string }>(`SELECT count(*)::text AS n ${from} ${w}`, params)).rows[0]?.n ?? 0,
  );
  const items = (
    await db.query<z.input<typeof AuditLogEntry>>(
      `SELECT l.id::text AS id, l.admin_id, p.display_name AS admin_name, u.email::text AS admin_email, l.action, l.target_type, l.target_id, l.details, l.created_at
         ${from} ${w} ORDER BY l.created_at DESC, l.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
      params,
    )
  ).rows;
  return { items, total };
}

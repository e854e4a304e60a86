import type { RoadmapInput, RoadmapItem, RoadmapPatch } from '@wayfarer/contracts';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/types';
import { badRequest, notFound } from '../http/errors';
import { audit } from './audit';

/** The roadmap (spec point 7): the public list and the admin CRUD and reorder, audited in their transactions. */
const ROADMAP_COLS = 'id, title, description, status, position_order, is_published, created_at, updated_at';
type RoadmapRow = z.input<typeof RoadmapItem>;

export async function listRoadmap(db: Queryable, opts: { drafts: boolean }): Promise<RoadmapRow[]> {
  const where = opts.drafts ? '' : 'WHERE is_published';
  return (
    await db.query<RoadmapRow>(
      `SELECT ${ROADMAP_COLS} FROM public.roadmap ${where} ORDER BY position_order, created_at`,
    )
  ).rows;
}

export function createRoadmapItem(
  db: Db,
  adminId: string,
  b: z.output<typeof RoadmapInput>,
): Promise<RoadmapRow> {
  return db.transaction(async (tx) => {
    const row = (
      await tx.query<RoadmapRow>(
        `INSERT INTO public.roadmap (title, description, status, position_order, is_published)
         VALUES ($1,$2,$3, COALESCE($4, (SELECT COALESCE(max(position_order) + 1, 0) FROM public.roadmap)), $5) RETURNING ${ROADMAP_COLS}`,
        [b.title, b.description, b.status, b.position_order ?? null, b.is_published],
      )
    ).rows[0]!;
    await audit(tx, adminId, 'roadmap.create', 'roadmap', row.id, b);
    return row;
  });
}

/** New positions 0..n-1 in the given order, in one transaction: an unknown id rolls it all back (404). */
export async function reorderRoadmap(db: Db, adminId: string, ids: string[]): Promise<void> {
  if (new Set(ids).size !== ids.length) throw badRequest('Duplicate ids in reorder list');
  await db.transaction(async (tx) => {
    for (const [pos, id] of ids.entries()) {
      const r = await tx.query(
        'UPDATE public.roadmap SET position_order = $2, updated_at = now() WHERE id = $1',
        [id, pos],
      );
      if (!r.rowCount) throw notFound(`Roadmap item ${id} not found`);
    }
    await audit(tx, adminId, 'roadmap.reorder', 'roadmap', null, { ids });
  });
}

export function updateRoadmapItem(
  db: Db,
  adminId: string,
  id: string,
  b: z.output<typeof RoadmapPatch>,
): Promise<RoadmapRow> {
  return db.transaction(async (tx) => {
    const row = (
      await tx.query<RoadmapRow>(
        `UPDATE public.roadmap SET title = COALESCE($2, title), description = COALESCE($3, description), status = COALESCE($4, status),
           position_order = COALESCE($5, position_order), is_published = COALESCE($6, is_published), updated_at = now()
         WHERE id = $1 RETURNING ${ROADMAP_COLS}`,
        [
          id,
          b.title ?? null,
          b.description ?? null,
          b.status ?? null,
          b.position_order ?? null,
          b.is_published ?? null,
        ],
      )
    ).rows[0];
    if (!row) throw notFound('Roadmap item not found');
    await audit(tx, adminId, 'roadmap.update', 'roadmap', id, b);
    return row;
  });
}

export function deleteRoadmapItem(db: Db, adminId: string, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    const r = await tx.query('DELETE FROM public.roadmap WHERE id = $1', [id]);
    if (!r.rowCount) throw notFound('Roadmap item not found');
    await audit(tx, adminId, 'roadmap.delete', 'roadmap', id);
  });
}

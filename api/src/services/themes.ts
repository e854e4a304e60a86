import type { AdminTheme, AdminThemeInput, AdminThemePatch } from '@wayfarer/contracts';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/types';
import { badRequest, notFound } from '../http/errors';
import { audit } from './audit';

/** Site themes: the active one for everyone, and the admin list, create, seasonal flag and activation. */
type ThemeRow = z.input<typeof AdminTheme>;
const THEME_COLS = 'id, name, css_class, is_seasonal, is_active, created_at';

export async function activeTheme(
  db: Queryable,
): Promise<{ name: string; css_class: string; is_seasonal: boolean } | null> {
  return (
    (
      await db.query<{ name: string; css_class: string; is_seasonal: boolean }>(
        'SELECT name, css_class, is_seasonal FROM public.themes WHERE is_active LIMIT 1',
      )
    ).rows[0] ?? null
  );
}

export async function listThemes(db: Queryable): Promise<ThemeRow[]> {
  return (await db.query<ThemeRow>(`SELECT ${THEME_COLS} FROM public.themes ORDER BY created_at`)).rows;
}

export function createTheme(db: Db, adminId: string, b: z.output<typeof AdminThemeInput>): Promise<ThemeRow> {
  return db.transaction(async (tx) => {
    const exists = await tx.query('SELECT 1 FROM public.themes WHERE name = $1', [b.name]);
    if (exists.rowCount) throw badRequest('A theme with this name already exists');
    const row = (
      await tx.query<ThemeRow>(
        `INSERT INTO public.themes (name, css_class, is_seasonal) VALUES ($1,$2,$3) RETURNING ${THEME_COLS}`,
        [b.name, b.css_class, b.is_seasonal],
      )
    ).rows[0]!;
    await audit(tx, adminId, 'theme.create', 'theme', row.id, b);
    return row;
  });
}

export function updateTheme(
  db: Db,
  adminId: string,
  id: string,
  b: z.output<typeof AdminThemePatch>,
): Promise<ThemeRow> {
  return db.transaction(async (tx) => {
    const row = (
      await tx.query<ThemeRow>(
        `UPDATE public.themes SET is_seasonal = $2 WHERE id = $1 RETURNING ${THEME_COLS}`,
        [id, b.is_seasonal],
      )
    ).rows[0];
    if (!row) throw notFound('Theme not found');
    await audit(tx, adminId, 'theme.update', 'theme', id, b);
    return row;
  });
}

/** One active theme at a time. */
export function activateTheme(db: Db, adminId: string, id: string): Promise<ThemeRow> {
  return db.transaction(async (tx) => {
    await tx.query('UPDATE public.themes SET is_active = false WHERE is_active AND id <> $1', [id]);
    const row = (
      await tx.query<ThemeRow>(
        `UPDATE public.themes SET is_active = true WHERE id = $1 RETURNING ${THEME_COLS}`,
        [id],
      )
    ).rows[0];
    if (!row) throw notFound('Theme not found');
    await audit(tx, adminId, 'theme.activate', 'theme', id);
    return row;
  });
}

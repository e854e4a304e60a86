import { activateAdminTheme, getAdminThemes, setAdminThemeSeasonal } from '@wayfarer/api-client';
import type { AdminTheme } from '@wayfarer/contracts';
import { withAdminToken } from '../../../lib/admin-request';

export type { AdminTheme };

export const getThemes = async (): Promise<AdminTheme[]> => (await withAdminToken(getAdminThemes)).themes;
export const activateTheme = async (id: string): Promise<AdminTheme> =>
  (await withAdminToken((t) => activateAdminTheme(id, t))).theme;
export const setThemeSeasonal = async (id: string, isSeasonal: boolean): Promise<AdminTheme> =>
  (await withAdminToken((t) => setAdminThemeSeasonal(id, isSeasonal, t))).theme;

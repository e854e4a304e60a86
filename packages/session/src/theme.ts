import { atom } from 'jotai';
import { sessionStore } from './user-store';

export const THEME_NAMES = ['theme-dark', 'theme-light', 'theme-halloween', 'theme-christmas'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: ThemeName = 'theme-dark';
export const PREVIEW_THEME_STORAGE_KEY = 'previewTheme';

export function readStoredTheme(): ThemeName {
  try {
    const v = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEME_NAMES as readonly string[]).includes(v ?? '') ? (v as ThemeName) : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export const themeAtom = atom<ThemeName>(typeof window !== 'undefined' ? readStoredTheme() : DEFAULT_THEME);

export function setTheme(name: ThemeName): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, name);
  } catch {
    /* storage unavailable */
  }
  sessionStore.set(themeAtom, name);
}

export interface ActiveTheme {
  name: string;
  is_seasonal: boolean;
}
/** The active theme from `/active-theme` and this browser's admin preview, which overrides it. */
export const activeThemeAtom = atom<ActiveTheme | null>(null);
export const previewThemeAtom = atom<string | null>(
  typeof window !== 'undefined' ? safeGet(PREVIEW_THEME_STORAGE_KEY) : null,
);

function safeGet(k: string): string | null {
  try {
    return localStorage.getItem(k);
  } catch {
    return null;
  }
}

export function setPreviewTheme(name: string | null): void {
  try {
    if (name) localStorage.setItem(PREVIEW_THEME_STORAGE_KEY, name);
    else localStorage.removeItem(PREVIEW_THEME_STORAGE_KEY);
  } catch {
    /* storage unavailable */
  }
  sessionStore.set(previewThemeAtom, name);
}

export type SeasonalStyle = 'christmas' | 'halloween' | null;

/** christmas/winter give snow, halloween/spooky give ghosts, otherwise none (spec point 4). */
export function seasonalStyle(name: string | null | undefined): SeasonalStyle {
  const n = (name ?? '').toLowerCase();
  if (n.includes('christmas') || n.includes('winter')) return 'christmas';
  if (n.includes('halloween') || n.includes('spooky')) return 'halloween';
  return null;
}

import { useEffect } from 'react';
import { useQuery } from '@wayfarer/query';
import { getActiveTheme } from '@wayfarer/api-client';
import { activeThemeAtom, sessionStore } from '@wayfarer/session';

/** How often an open tab re-reads the active theme, and how old it may be when the tab becomes visible again. */
export const ACTIVE_THEME_REFRESH_MS = 10 * 60_000;
export const ACTIVE_THEME_STALE_MS = 5 * 60_000;

/** Query keys of the shell's own reads. */
export const shellKeys = { activeTheme: ['active-theme'] as const };

/**
 * GET /active-theme into the session's activeThemeAtom (the overlay reads it): re-read every 10 minutes while
 * the tab is open, and when it becomes visible again after 5 minutes, because an admin may switch the active
 * theme meanwhile (null clears the overlay). A failure is only logged (spec point 8).
 */
export function useActiveTheme(): void {
  const q = useQuery({
    queryKey: shellKeys.activeTheme,
    queryFn: async () => (await getActiveTheme()).theme ?? null,
    staleTime: ACTIVE_THEME_STALE_MS,
    refetchInterval: ACTIVE_THEME_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  useEffect(() => {
    if (q.data !== undefined) sessionStore.set(activeThemeAtom, q.data);
  }, [q.data]);
  useEffect(() => {
    if (q.error) console.warn('Could not load the active theme', q.error);
  }, [q.error]);
}

import { useMutation, useQueryClient } from '@wayfarer/query';
import { activeThemeAtom, sessionStore } from '@wayfarer/session';
import { invalidateDashboardStats } from '../../../lib/dashboard-keys';
import { adminThemesKeys } from './keys';
import { activateTheme, setThemeSeasonal, type AdminTheme } from './themes-api';

function useThemesCache() {
  const qc = useQueryClient();
  return (update: (themes: AdminTheme[]) => AdminTheme[]) =>
    qc.setQueryData<AdminTheme[]>(adminThemesKeys.all, (old) => update(old ?? []));
}

/** One active theme for every visitor: the list, the shell's overlay and the dashboard's count follow. */
export function useActivateTheme() {
  const qc = useQueryClient();
  const update = useThemesCache();
  return useMutation({
    mutationFn: (t: AdminTheme) => activateTheme(t.id),
    onSuccess: (_u, t) => {
      update((l) => l.map((x) => ({ ...x, is_active: x.id === t.id })));
      // The shell's overlay reads this atom: the admin sees the change without a reload.
      sessionStore.set(activeThemeAtom, { name: t.name, is_seasonal: t.is_seasonal });
      void invalidateDashboardStats(qc);
    },
  });
}

export function useSetThemeSeasonal() {
  const update = useThemesCache();
  return useMutation({
    mutationFn: (t: AdminTheme) => setThemeSeasonal(t.id, !t.is_seasonal),
    onSuccess: (u) => update((l) => l.map((x) => (x.id === u.id ? { ...x, is_seasonal: u.is_seasonal } : x))),
  });
}

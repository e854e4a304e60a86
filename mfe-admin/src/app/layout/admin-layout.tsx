import { lazy, useEffect } from 'react';
import { Outlet } from '@wayfarer/router';
import { useAtomValue } from 'jotai';
import { useUserState } from '@wayfarer/session';
import { Loading, PageSuspense } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../i18n';
import { adminStore, forbiddenAtom } from '../../lib/admin-store';
import { AdminNav } from './admin-nav';

// Only a signed-in non-admin sees it: its own chunk (with react-i18next's Trans and its HTML parser, about 6 KB
// gzip), not part of an admin's first load.
const AdminsOnly = lazy(() =>
  import(/* webpackChunkName: "admins-only" */ './admins-only').then((m) => ({ default: m.AdminsOnly })),
);

export function AdminLayout() {
  const { t } = useTranslation(ADMIN_NS);
  const { user, initialized } = useUserState();
  const forbidden = useAtomValue(forbiddenAtom, { store: adminStore });
  const userId = user?.id ?? null;

  // A 403 belongs to the account that got it: a different sign-in starts with a clean slate.
  useEffect(() => {
    adminStore.set(forbiddenAtom, false);
  }, [userId]);

  if (!initialized) return <Loading message={t('access.checking')} />;
  if (!user || !user.isAdmin || forbidden)
    return (
      <PageSuspense>
        <AdminsOnly email={user?.email} />
      </PageSuspense>
    );
  return (
    <div className="admin-area wf-container">
      <AdminNav />
      <div className="admin-main">
        {/* The section nav stays while a section's code downloads. */}
        <PageSuspense>
          <Outlet />
        </PageSuspense>
      </div>
    </div>
  );
}

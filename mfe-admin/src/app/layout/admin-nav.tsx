import { NavLink } from '@wayfarer/router';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../i18n';

export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'nav.dashboard', end: true },
  { to: '/admin/news', label: 'nav.news' },
  { to: '/admin/roadmap', label: 'nav.roadmap' },
  { to: '/admin/pending-images', label: 'nav.pendingImages' },
  { to: '/admin/shop', label: 'nav.shop' },
  { to: '/admin/themes', label: 'nav.themes' },
  { to: '/admin/content-management', label: 'nav.content' },
  { to: '/admin/reports', label: 'nav.reports' },
  { to: '/admin/releases', label: 'nav.releases' },
  { to: '/admin/analytics', label: 'nav.analytics', end: true },
  { to: '/admin/analytics/logs', label: 'nav.auditLog' },
] as const;

/** The sub-navigation across the admin sections; NavLink sets aria-current="page" on the active one. */
export function AdminNav() {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <nav className="admin-nav" aria-label={t('nav.label')}>
      <ul>
        {ADMIN_SECTIONS.map((s) => (
          <li key={s.to}>
            <NavLink
              to={s.to}
              end={'end' in s ? s.end : false}
              className={({ isActive }) => (isActive ? 'admin-nav__link is-active' : 'admin-nav__link')}
            >
              {t(s.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { NavLink } from '@wayfarer/router';

export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/news', label: 'News' },
  { to: '/admin/roadmap', label: 'Roadmap' },
  { to: '/admin/pending-images', label: 'Pending images' },
  { to: '/admin/shop', label: 'Shop' },
  { to: '/admin/themes', label: 'Themes' },
  { to: '/admin/content-management', label: 'Content' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/analytics', label: 'Analytics', end: true },
  { to: '/admin/analytics/logs', label: 'Audit log' },
] as const;

/** The sub-navigation across the admin sections; NavLink sets aria-current="page" on the active one. */
export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Admin sections">
      <ul>
        {ADMIN_SECTIONS.map((s) => (
          <li key={s.to}>
            <NavLink
              to={s.to}
              end={'end' in s ? s.end : false}
              className={({ isActive }) => (isActive ? 'admin-nav__link is-active' : 'admin-nav__link')}
            >
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

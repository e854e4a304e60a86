import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import { initialUserState, sessionStore, userStateAtom } from '@wayfarer/session';

// Stand-ins for the section pages that record when their code is loaded (the chunk download in a browser).
const loaded: string[] = [];
let openThemes!: () => void;
// Held until the test opens it (or 5 s pass, so an eager import fails instead of hanging).
const themesGate = new Promise<void>((r) => {
  const timer = setTimeout(r, 5000);
  openThemes = () => {
    clearTimeout(timer);
    r();
  };
});
function stand(file: string, name: string, wait?: Promise<void>) {
  jest.unstable_mockModule(file, async () => {
    await wait;
    loaded.push(name);
    return { [name]: () => <h1>{name}</h1> };
  });
}
stand('../../features/dashboard/components/dashboard-page', 'DashboardPage');
stand('../../features/news/components/news-page', 'NewsPage');
stand('../../features/roadmap/components/roadmap-page', 'RoadmapPage');
stand('../../features/pending-images/components/pending-images-page', 'PendingImagesPage');
stand('../../features/shop/components/shop-admin-page', 'ShopAdminPage');
stand('../../features/themes/components/themes-page', 'ThemesPage', themesGate);
stand('../../features/content/components/content-page', 'ContentPage');
stand('../../features/analytics/components/analytics-page', 'AnalyticsPage');
stand('../../features/audit-log/components/audit-log-page', 'AuditLogPage');
const { default: AdminApp } = await import('../routes');

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp basePath="/" />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  sessionStore.set(userStateAtom, {
    ...initialUserState,
    initialized: true,
    user: {
      id: 'a1',
      email: 'admin@wayfarer.local',
      display_name: 'A',
      gender: null,
      birthdate: null,
      avatar_url: null,
      isAdmin: true,
    },
  });
});
afterEach(() => sessionStore.set(userStateAtom, initialUserState));

describe('admin routes', () => {
  it('/admin/news downloads the news section only, not the dashboard and its charts', async () => {
    renderAt('/admin/news');
    expect(await screen.findByRole('heading', { name: 'NewsPage' })).toBeTruthy();
    expect(loaded).toEqual(['NewsPage']);
  });

  it('hovering a section in the admin nav downloads that section; analytics and its audit log are apart', async () => {
    renderAt('/admin/news');
    await screen.findByRole('heading', { name: 'NewsPage' });
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    fireEvent.pointerOver(within(nav).getByRole('link', { name: 'Audit log' }));
    await waitFor(() => expect(loaded).toContain('AuditLogPage'));
    expect(loaded).not.toContain('AnalyticsPage');
    expect(loaded).not.toContain('DashboardPage');
  });

  it('the dashboard downloads with /admin', async () => {
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'DashboardPage' })).toBeTruthy();
  });

  it('keeps the section navigation on screen while a section downloads', async () => {
    renderAt('/admin/themes');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Themes' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('status').textContent).toContain('Loading page…');
    openThemes();
    expect(await screen.findByRole('heading', { name: 'ThemesPage' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Admin sections' })).toBeTruthy();
  });
});

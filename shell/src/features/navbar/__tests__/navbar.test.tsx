import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import { initialUserState, sessionStore, userStateAtom, type CurrentUser } from '@wayfarer/session';
import { Navbar } from '../navbar';

const user = (email: string, isAdmin = false): CurrentUser => ({
  id: 'u1',
  email,
  display_name: 'Ada Lovelace',
  gender: 'female',
  birthdate: '1990-01-01',
  avatar_url: null,
  isAdmin,
});

function renderNav() {
  return render(
    <MemoryRouter>
      <Navbar />
    </MemoryRouter>,
  );
}

afterEach(() => sessionStore.set(userStateAtom, initialUserState));

describe('navbar', () => {
  it('shows the four links and Log in / Sign up when signed out, without Admin', () => {
    sessionStore.set(userStateAtom, { ...initialUserState, initialized: true });
    renderNav();
    for (const name of ['Explore', 'Invest', 'Pricing', 'About us'])
      expect(screen.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Log in / Sign up' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows the balance and the avatar menu when signed in; Admin only for an admin (admin_users)', () => {
    sessionStore.set(userStateAtom, {
      ...initialUserState,
      initialized: true,
      user: user('someone@example.com'),
      currency: 1250,
    });
    const { unmount } = renderNav();
    expect(screen.getByTestId('currency-balance').textContent).toContain('1,250');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'Manage account' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
    unmount();
    // An admin's address alone shows nothing: whoever took it is not in admin_users.
    sessionStore.set(userStateAtom, {
      ...initialUserState,
      initialized: true,
      user: user('admin@wayfarer.local'),
    });
    const second = renderNav();
    expect(screen.getByTestId('currency-balance')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    second.unmount();
    sessionStore.set(userStateAtom, {
      ...initialUserState,
      initialized: true,
      user: user('someone@example.com', true),
    });
    renderNav();
    expect(screen.getByRole('link', { name: 'Admin' })).toBeTruthy();
  });

  it('enters the scrolled state only past 8 px', () => {
    renderNav();
    const header = screen.getByRole('banner');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 8, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header.dataset.scrolled).toBe('false');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 9, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header.dataset.scrolled).toBe('true');
  });

  it('reads the scroll position a page opens at in the next frame, not while mounting (a forced layout)', async () => {
    let reads = 0;
    Object.defineProperty(window, 'scrollY', {
      configurable: true,
      get: () => {
        reads += 1;
        return 120;
      },
    });
    try {
      renderNav();
      const header = screen.getByRole('banner');
      // Mounted, effects run: nothing has asked the browser where the page is yet.
      expect(reads).toBe(0);
      expect(header.dataset.scrolled).toBe('false');
      // The next frame reads it: a page opened scrolled (a reload, an anchor) shows the scrolled bar.
      await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
      expect(reads).toBeGreaterThan(0);
      expect(header.dataset.scrolled).toBe('true');
    } finally {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    }
  });

  it('opens the mobile drawer with the links', () => {
    renderNav();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
  });
});

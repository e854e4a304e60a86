import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@wayfarer/router';
import { initialUserState, sessionStore, userStateAtom } from '@wayfarer/session';
import { RequireAuth, loginUrlFor } from '../require-auth';

function ShowLocation() {
  const l = useLocation();
  return <p data-testid="at">{l.pathname + l.search}</p>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<ShowLocation />} />
        <Route
          path="*"
          element={
            <RequireAuth>
              <p>secret page</p>
            </RequireAuth>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => sessionStore.set(userStateAtom, initialUserState));

describe('sign-in guard', () => {
  it('waits for the user state to initialise before deciding', () => {
    renderAt('/explore');
    expect(screen.getByText('Checking your session…', { selector: 'span' })).toBeTruthy();
    expect(screen.queryByTestId('at')).toBeNull();
  });

  it('redirects a signed-out visitor to /login with next holding the encoded path and query', () => {
    sessionStore.set(userStateAtom, { ...initialUserState, initialized: true });
    renderAt('/explore/wd-Q243?tab=comments&x=1');
    expect(screen.getByTestId('at').textContent).toBe(
      '/login?next=%2Fexplore%2Fwd-Q243%3Ftab%3Dcomments%26x%3D1',
    );
  });

  it('renders the page for a signed-in user, and redirects once they sign out', () => {
    const user = {
      id: 'u1',
      email: 'a@b.c',
      display_name: 'A',
      gender: null,
      birthdate: null,
      avatar_url: null,
      isAdmin: false,
    };
    sessionStore.set(userStateAtom, { ...initialUserState, initialized: true, user });
    renderAt('/account');
    expect(screen.getByText('secret page')).toBeTruthy();
    act(() => sessionStore.set(userStateAtom, { ...initialUserState, initialized: true }));
    expect(screen.getByTestId('at').textContent).toBe('/login?next=%2Faccount');
  });

  it('builds the login URL with the encoded path and query', () => {
    expect(loginUrlFor('/admin/themes', '?a=b')).toBe('/login?next=%2Fadmin%2Fthemes%3Fa%3Db');
  });
});

import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { MemoryRouter, Navigate, Route, Routes, useLocation } from '@wayfarer/router';
import type { Subscription } from '@wayfarer/contracts';
import { PASSWORD_TOO_LONG_MESSAGE } from '@wayfarer/contracts/password';
import { sessionStore, userStateAtom, useUserState } from '@wayfarer/session';
import { mockApi, resetSession, signedIn, TEST_USER, type Call } from '../../../testing/api-mock';
import { AccountPage } from '../account-page';
import { validateNewPassword } from '../components/security-sections';
import { withQueryClient } from '@wayfarer/session/testing';

let row: Record<string, unknown>;
let calls: Call[];
const upserts: Array<Record<string, unknown>> = [];
const PREMIUM: Subscription = {
  plan: 'premium',
  status: 'active',
  period: 'monthly',
  trial_ends_at: null,
  current_period_start: '2025-06-01T00:00:00.000Z',
  current_period_end: '2025-07-01T00:00:00.000Z',
  pending_plan: null,
  pending_period: null,
  cancel_at_period_end: false,
  trial_available: false,
};

function client(over: Record<string, unknown> = {}) {
  const profiles = {
    select: () => ({ eq: () => ({ maybeSingle: async () => ({ data: row, error: null }) }) }),
    upsert: jest.fn(async (r: Record<string, unknown>) => {
      upserts.push(r);
      row = { ...row, ...r };
      return { data: null, error: null };
    }),
  };
  const auth = {
    updateUser: jest.fn(async (_a: unknown) => ({ data: {}, error: null })),
    signOut: jest.fn(async (_a: unknown) => ({ error: null })),
    ...over,
  };
  signedIn({ from: jest.fn(() => profiles), auth });
  return { auth };
}

function renderAccount() {
  render(
    <MemoryRouter initialEntries={['/account']}>
      <Routes>
        <Route path="/account" element={<AccountPage />} />
        <Route path="/" element={<p>home page</p>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
}

beforeEach(() => {
  upserts.length = 0;
  row = {
    display_name: 'Ada',
    first_name: 'Ada',
    last_name: 'Lovelace',
    gender: 'female',
    birthdate: '1990-05-17',
    avatar_url: null,
  };
  let sub = { ...PREMIUM };
  calls = mockApi((c) => {
    if (c.path === '/users/currency') return { body: { currency: 0 } };
    if (c.path === '/subscriptions/me') return { body: { ok: true, subscription: sub, payments: [] } };
    if (c.path === '/subscriptions/cancel') {
      sub = { ...sub, cancel_at_period_end: true, pending_plan: 'free' };
      return {
        body: {
          ok: true,
          subscription: sub,
          quote: {},
          payment: null,
          message: 'Your plan ends at the end of this cycle.',
        },
      };
    }
    if (c.path === '/users/me' && c.method === 'DELETE')
      return { body: { ok: true, message: 'Your account has been deleted.' } };
    return undefined;
  });
});
afterEach(resetSession);

describe('AccountPage', () => {
  it('shows the profile and the e-mail read-only, and edits the profile with the spec validation order', async () => {
    client();
    renderAccount();
    const view = await screen.findByTestId('profile-view');
    expect(within(view).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(view).getByText('May 17, 1990')).toBeTruthy();
    expect(within(view).getByText('Female')).toBeTruthy();
    expect(screen.getByTestId('account-email').textContent).toBe(TEST_USER.email);
    // Shown as text, not as an editable field.
    expect(screen.queryByDisplayValue(TEST_USER.email)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    const form = screen.getByRole('form', { name: 'Edit profile' });
    fireEvent.change(within(form).getByLabelText('Display name'), { target: { value: '  ' } });
    fireEvent.change(within(form).getByLabelText('Day'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Gender'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe('Please choose a display name.'),
    );
    fireEvent.change(within(form).getByLabelText('Display name'), { target: { value: 'Countess' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe('Please choose a valid birthday.'),
    );
    fireEvent.change(within(form).getByLabelText('Day'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe('Please select a gender option.'),
    );
    expect(upserts).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Gender'), { target: { value: 'non-binary' } });
    fireEvent.change(within(form).getByLabelText('Last name'), { target: { value: 'King' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    });
    expect(upserts[0]).toEqual({
      id: TEST_USER.id,
      display_name: 'Countess',
      first_name: 'Ada',
      last_name: 'King',
      gender: 'non-binary',
      birthdate: '1990-05-10',
    });
    expect(screen.getByText('Profile saved.')).toBeTruthy();
    expect(within(screen.getByTestId('profile-view')).getByText('Ada King')).toBeTruthy();
  });

  it('shows the current plan and cancels it at the end of the cycle after confirmation', async () => {
    client();
    renderAccount();
    expect((await screen.findByTestId('account-plan')).textContent).toBe('Premium (monthly)');
    expect(screen.getByText('Renews on Jul 1, 2025 (monthly).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Premium?' });
    // Focus moves into the dialog.
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Cancel at the end of this cycle' }),
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel at the end of this cycle' }));
    });
    expect(calls.some((c) => c.path === '/subscriptions/cancel' && c.auth === 'Bearer tok')).toBe(true);
    expect(screen.getByText('Ends on Jul 1, 2025; you move to Free then.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });

  it('changes the password only when it is long enough and confirmed', async () => {
    const c = client();
    renderAccount();
    const form = await screen.findByRole('form', { name: 'Change password' });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'abc' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe('Password should be at least 6 characters.'),
    );
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'abcdef' } });
    fireEvent.change(within(form).getByLabelText('Confirm new password'), { target: { value: 'abcdeg' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Passwords do not match.'));
    expect(c.auth.updateUser).not.toHaveBeenCalled();
    fireEvent.change(within(form).getByLabelText('Confirm new password'), { target: { value: 'abcdef' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    });
    expect(c.auth.updateUser).toHaveBeenCalledWith({ password: 'abcdef' });
    expect(within(form).getByRole('status').textContent).toBe('Password changed.');
  });

  it("refuses a password over 72 UTF-8 bytes before calling the server, and shows the server's 400 message", async () => {
    const c = client({
      updateUser: jest.fn(async (_a: unknown) => ({
        data: { user: null },
        error: { name: 'AuthApiError', status: 400, message: 'Password is too weak.' },
      })),
    });
    renderAccount();
    const form = await screen.findByRole('form', { name: 'Change password' });
    // 30 emoji: 30 characters (60 UTF-16 units) but 120 bytes, which bcrypt would cut to 72.
    const emoji = '🧭'.repeat(30);
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: emoji } });
    fireEvent.change(within(form).getByLabelText('Confirm new password'), { target: { value: emoji } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(PASSWORD_TOO_LONG_MESSAGE));
    expect(c.auth.updateUser).not.toHaveBeenCalled();
    // Exactly 72 bytes passes the form; what the server then refuses is shown as it says it.
    const fits = '🧭'.repeat(18);
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: fits } });
    fireEvent.change(within(form).getByLabelText('Confirm new password'), { target: { value: fits } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    });
    expect(c.auth.updateUser).toHaveBeenCalledWith({ password: fits });
    expect(within(form).getByRole('alert').textContent).toBe('Password is too weak.');
  });

  it('logs out everywhere, clearing the stored redirect and the shared user, then goes home', async () => {
    const c = client();
    sessionStorage.setItem('postLoginRedirect', '/shop');
    renderAccount();
    await screen.findByTestId('profile-view');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    });
    expect(c.auth.signOut).toHaveBeenCalledWith({ scope: 'global' });
    expect(sessionStorage.getItem('postLoginRedirect')).toBeNull();
    expect(sessionStore.get(userStateAtom).user).toBeNull();
    expect(screen.getByText('home page')).toBeTruthy();
  });

  it('lands on the home page, not /login, when the home page loads after the sign-out would have finished', async () => {
    // Like the shell: the next page is a remote that loads slowly, navigations are transitions (the account page
    // stays on screen meanwhile) and a guard sends a signed-out visitor of /account to /login?next=.
    const c = client();
    let showHome: (m: { default: ComponentType }) => void = () => {};
    const Home = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (showHome = resolve)));
    function Guard({ children }: { children: ReactNode }) {
      const { user } = useUserState();
      const { pathname } = useLocation();
      return user ? <>{children}</> : <Navigate to={`/login?next=${encodeURIComponent(pathname)}`} replace />;
    }
    render(
      <MemoryRouter initialEntries={['/account']}>
        <Suspense fallback={<p>loading</p>}>
          <Routes>
            <Route
              path="/account"
              element={
                <Guard>
                  <AccountPage />
                </Guard>
              }
            />
            <Route path="/" element={<Home />} />
            <Route path="/login" element={<p>login page</p>} />
          </Routes>
        </Suspense>
      </MemoryRouter>,
      { wrapper: withQueryClient().wrapper },
    );
    await screen.findByTestId('profile-view');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
      await new Promise((r) => setTimeout(r, 20));
    });
    await act(async () => {
      showHome({ default: () => <p>home page</p> });
      await new Promise((r) => setTimeout(r, 20));
    });
    await waitFor(() => expect(screen.getByText('home page')).toBeTruthy());
    expect(c.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(sessionStore.get(userStateAtom).user).toBeNull();
    expect(screen.queryByText('login page')).toBeNull();
  });

  it('deletes the account only after the e-mail is typed and the dialog confirmed', async () => {
    const c = client();
    renderAccount();
    await screen.findByTestId('profile-view');
    const del = screen.getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Type your e-mail address to confirm'), {
      target: { value: 'ADA@example.test ' },
    });
    expect(del.disabled).toBe(false);
    fireEvent.click(del);
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((x) => x.method === 'DELETE')).toBe(false);
    fireEvent.click(del);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    });
    const call = calls.find((x) => x.method === 'DELETE')!;
    expect(call.body).toEqual({ confirm_email: 'ADA@example.test' });
    expect(c.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    await waitFor(() => expect(screen.getByText('home page')).toBeTruthy());
  });

  it('validates a new password', () => {
    expect(validateNewPassword('12345', '12345')).toBe('Password should be at least 6 characters.');
    expect(validateNewPassword('123456', '123457')).toBe('Passwords do not match.');
    expect(validateNewPassword('123456', '123456')).toBeNull();
    expect(validateNewPassword('é'.repeat(37), 'é'.repeat(37))).toBe(PASSWORD_TOO_LONG_MESSAGE);
    expect(validateNewPassword('é'.repeat(36), 'é'.repeat(36))).toBeNull();
  });
});

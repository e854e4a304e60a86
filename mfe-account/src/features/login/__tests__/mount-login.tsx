import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@wayfarer/router';
import { withQueryClient } from '@wayfarer/session/testing';
import { authSettingsKey, type AuthSettings } from '../api/auth-settings';
import { LoginPage } from '../login-page';

/**
 * Tests only: a fresh query cache, as the shell provides one, already holding the server's auth settings (Google
 * offered unless `settings` says otherwise), so no test reads them over the network.
 */
export function loginQueryWrapper(settings: AuthSettings = { google: true }) {
  const q = withQueryClient();
  q.client.setQueryData(authSettingsKey, settings);
  return q.wrapper;
}

/** Tests only: the login page at `url`, every other path rendering "elsewhere" (where a finished login goes). */
export function mountLoginPage(url = '/login', settings?: AuthSettings) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: loginQueryWrapper(settings) },
  );
}

import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@wayfarer/router';
import { LoginPage } from '../login-page';

/** Tests only: the login page at `url`, every other path rendering "elsewhere" (where a finished login goes). */
export function mountLoginPage(url = '/login') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';

// Stand-ins for the pages that record when their code is loaded (the chunk download in a browser).
const loaded: string[] = [];
function stand(file: string, name: string) {
  jest.unstable_mockModule(file, async () => {
    loaded.push(name);
    return { [name]: () => <h1>{name}</h1> };
  });
}
stand('../../features/login/login-page', 'LoginPage');
stand('../../features/account/account-page', 'AccountPage');
stand('../../features/shop/shop-page', 'ShopPage');
stand('../../features/overview/overview-page', 'OverviewPage');
stand('../../features/subscribe/subscribe-page', 'SubscribePage');
const { default: AccountApp, preloadRoute } = await import('../routes');

test('/login downloads the sign-in page only', async () => {
  render(
    <MemoryRouter initialEntries={['/login?next=%2Fexplore']}>
      <AccountApp basePath="/" />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('heading', { name: 'LoginPage' })).toBeTruthy();
  expect(loaded).toEqual(['LoginPage']);
});

test('preloadRoute, which the shell calls on intent before this remote is on screen, downloads that page only', async () => {
  preloadRoute('/pricing');
  preloadRoute('/shop');
  await waitFor(() => expect(loaded).toContain('ShopPage'));
  expect(loaded).toEqual(['LoginPage', 'ShopPage']);
});

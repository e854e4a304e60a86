import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter } from '@wayfarer/router';

// Each page module is replaced by a stand-in that records when its code is loaded (the chunk download in a
// browser). Jest keeps one module registry per file: each test uses pages no earlier test has loaded.
const loaded: string[] = [];
/**
 * Holds a page's download until the test opens it (or 5 s after the download starts, so an eager import fails
 * instead of hanging; counted from the download, not from this file's load, which a busy machine can take 5 s past).
 */
function gate() {
  let open!: () => void;
  let start!: () => void;
  const opened = new Promise<void>((r) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    start = () => {
      timer ??= setTimeout(r, 5000);
    };
    open = () => {
      clearTimeout(timer);
      r();
    };
  });
  return { opened, open, start };
}
const investGate = gate();
const legalGate = gate();

function stand(file: string, pages: string[], wait?: ReturnType<typeof gate>) {
  jest.unstable_mockModule(file, async () => {
    wait?.start();
    await wait?.opened;
    loaded.push(...pages);
    return Object.fromEntries(pages.map((name) => [name, () => <h1>{name}</h1>]));
  });
}
jest.unstable_mockModule('../../features/home/home-page', async () => {
  loaded.push('HomePage');
  return {
    HomePage: () => (
      <>
        <h1>HomePage</h1>
        <Link to="/pricing">See plans</Link> <Link to="/about">About</Link> <Link to="/news">News</Link>{' '}
        <Link to="/terms">Terms</Link>
      </>
    ),
  };
});
stand('../../features/invest/invest-page', ['InvestPage'], investGate);
stand('../../features/about/about-page', ['AboutPage']);
stand('../../features/pricing/pricing-page', ['PricingPage']);
stand('../../features/privacy/privacy-page', ['PrivacyPage']);
stand('../../features/legal/legal-pages', ['TermsPage', 'CookiePolicyPage', 'DsarPage'], legalGate);
stand('../../features/news/news-list-page', ['NewsListPage']);
stand('../../features/news/news-item-page', ['NewsItemPage']);
const { default: MarketingApp } = await import('../routes');

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <MarketingApp basePath="/" />
    </MemoryRouter>,
  );
}

function setSaveData(saveData: boolean | undefined) {
  Object.defineProperty(window.navigator, 'connection', {
    value: saveData === undefined ? undefined : { saveData },
    configurable: true,
  });
}
afterEach(() => setSaveData(undefined));

describe('marketing routes', () => {
  it('at / downloads the home page only: not the invest charts, the legal texts or any other page', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'HomePage' })).toBeTruthy();
    expect(loaded).toEqual(['HomePage']);
  });

  it('hovering a link to /pricing downloads the pricing page before any click', async () => {
    renderAt('/');
    await screen.findByRole('heading', { name: 'HomePage' });
    expect(loaded).not.toContain('PricingPage');
    fireEvent.pointerOver(screen.getByRole('link', { name: 'See plans' }));
    await waitFor(() => expect(loaded).toContain('PricingPage'));
    expect(screen.getByRole('heading', { name: 'HomePage' })).toBeTruthy();
  });

  it('focusing a link downloads its page', async () => {
    renderAt('/');
    await screen.findByRole('heading', { name: 'HomePage' });
    expect(loaded).not.toContain('AboutPage');
    act(() => screen.getByRole('link', { name: 'About' }).focus());
    await waitFor(() => expect(loaded).toContain('AboutPage'));
  });

  it('on a save-data connection hovering downloads nothing ahead', async () => {
    setSaveData(true);
    renderAt('/');
    await screen.findByRole('heading', { name: 'HomePage' });
    fireEvent.pointerOver(screen.getByRole('link', { name: 'News' }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(loaded).not.toContain('NewsListPage');
  });

  it('a first visit to /invest shows the loading status until the page has downloaded', async () => {
    renderAt('/invest');
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Loading page…');
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    investGate.open();
    expect(await screen.findByRole('heading', { name: 'InvestPage' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('following a link keeps the current page on screen until the next page has downloaded', async () => {
    renderAt('/');
    await screen.findByRole('heading', { name: 'HomePage' });
    fireEvent.click(screen.getByRole('link', { name: 'Terms' }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByRole('heading', { name: 'HomePage' })).toBeTruthy();
    expect(screen.queryByTestId('page-loading')).toBeNull();
    legalGate.open();
    expect(await screen.findByRole('heading', { name: 'TermsPage' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'HomePage' })).toBeNull();
  });

  it('an unknown path renders the not-found page without downloading a page', async () => {
    const before = loaded.length;
    renderAt('/no-such-page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(loaded).toHaveLength(before);
  });
});

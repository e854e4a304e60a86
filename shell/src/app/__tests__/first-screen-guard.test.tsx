import { act, render } from '@testing-library/react';
import { FIRST_SCREEN_GLOBAL, FIRST_SCREEN_ID } from '@wayfarer/contracts/browser';
import { MemoryRouter, useNavigate, type NavigateFunction } from '@wayfarer/router';
import { FirstScreenGuard } from '../first-screen-guard';

type Win = Window & Record<string, unknown>;

/** The overlay the HTML's preloader paints for the address's page. */
function paintOverlay(): HTMLElement {
  const overlay = document.createElement('div');
  overlay.id = FIRST_SCREEN_ID;
  document.body.appendChild(overlay);
  (window as unknown as Win)[FIRST_SCREEN_GLOBAL] = { root: overlay };
  return overlay;
}

afterEach(() => {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
  delete (window as unknown as Win)[FIRST_SCREEN_GLOBAL];
});

describe("the shell keeps the route's first screen for the page it stands for only", () => {
  let navigate: NavigateFunction = () => undefined;
  const Nav = () => {
    navigate = useNavigate();
    return null;
  };
  const mount = () =>
    render(
      <MemoryRouter initialEntries={['/explore']}>
        <FirstScreenGuard />
        <Nav />
      </MemoryRouter>,
    );

  it('leaves it while the address stays on its page (the explore view written into the query)', () => {
    const overlay = paintOverlay();
    mount();
    act(() => navigate('/explore?lat=1&lon=2&km=5', { replace: true }));
    expect(document.getElementById(FIRST_SCREEN_ID)).toBe(overlay);
  });

  it('takes it away when another page comes instead (a redirect to sign in, a link followed early)', () => {
    paintOverlay();
    mount();
    act(() => navigate('/login', { replace: true }));
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect((window as unknown as Record<string, { done?: boolean }>)[FIRST_SCREEN_GLOBAL]?.done).toBe(true);
  });
});

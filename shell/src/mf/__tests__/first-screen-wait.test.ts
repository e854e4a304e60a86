import { afterEach, describe, expect, it, jest } from '@jest/globals';
import {
  FIRST_SCREEN_GLOBAL,
  FIRST_SCREEN_ID,
  FIRST_SCREEN_PAGE_WAIT_MS,
  FIRST_SCREEN_WAIT_MS,
} from '@wayfarer/contracts/browser';
import { settleFirstScreenSource, whenFirstScreenShown } from '../first-screen-wait';

type Win = Window & Record<string, unknown>;
const w = window as unknown as Win;

/** Whether the promise has settled once the microtasks queued so far have run. */
async function settledNow(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
}

afterEach(() => {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
  delete w[FIRST_SCREEN_GLOBAL];
  jest.useRealTimers();
});

describe("the shell's start waits for the route's first screen", () => {
  it('starts at once when the HTML left nothing to wait for (no remote owns the route, the monolith)', async () => {
    expect(await settledNow(whenFirstScreenShown())).toBe(true);
  });

  it('starts at once when the first screen is already gone (the page or an error took the screen)', async () => {
    w[FIRST_SCREEN_GLOBAL] = { pending: new Promise(() => undefined), done: true };
    expect(await settledNow(whenFirstScreenShown())).toBe(true);
  });

  it('waits for the picture to be on screen', async () => {
    let shown: () => void = () => undefined;
    w[FIRST_SCREEN_GLOBAL] = { pending: new Promise<void>((r) => (shown = r)) };
    const start = whenFirstScreenShown();
    expect(await settledNow(start)).toBe(false);
    shown();
    expect(await settledNow(start)).toBe(true);
  });

  it(`waits at most ${FIRST_SCREEN_WAIT_MS} ms (a tile server that does not answer)`, async () => {
    jest.useFakeTimers();
    w[FIRST_SCREEN_GLOBAL] = { pending: new Promise(() => undefined) };
    const start = whenFirstScreenShown();
    jest.advanceTimersByTime(FIRST_SCREEN_WAIT_MS - 1);
    expect(await settledNow(start)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settledNow(start)).toBe(true);
  });
});

describe('a first screen stands for the build of the remote it came from', () => {
  const EXPLORE = 'http://explore.test';
  /** The overlay the HTML painted from the manifest at EXPLORE (the runtime config's address of explore). */
  function painted(): HTMLElement {
    const root = document.createElement('div');
    root.id = FIRST_SCREEN_ID;
    document.body.appendChild(root);
    w[FIRST_SCREEN_GLOBAL] = { root, remote: 'explore', from: EXPLORE };
    return root;
  }
  const onScreen = () => document.getElementById(FIRST_SCREEN_ID) !== null;

  it("is left to that build's page, which takes it away when it commits", () => {
    jest.useFakeTimers();
    painted();
    settleFirstScreenSource('explore', `${EXPLORE}/`);
    expect(onScreen()).toBe(true);
    // A page that never does (a build older than first screens, deployed at the same address): the shell does.
    jest.advanceTimersByTime(FIRST_SCREEN_PAGE_WAIT_MS - 1);
    expect(onScreen()).toBe(true);
    jest.advanceTimersByTime(1);
    expect(onScreen()).toBe(false);
  });

  it('is taken away at once when the registry gave this tab another build (a canary, a rollback)', () => {
    painted();
    settleFirstScreenSource('explore', `${EXPLORE}/releases/1.4.0`);
    expect(onScreen()).toBe(false);
  });

  it("stays when another remote's App loads meanwhile (prefetched on intent)", () => {
    painted();
    settleFirstScreenSource('marketing', 'http://marketing.test');
    expect(onScreen()).toBe(true);
  });
});

import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { FIRST_SCREEN_GLOBAL, FIRST_SCREEN_WAIT_MS } from '@wayfarer/contracts/browser';
import { whenFirstScreenShown } from '../first-screen-wait';

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

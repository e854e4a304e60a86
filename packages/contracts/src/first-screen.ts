/**
 * A route's first screen: a remote may describe, per route, what its page looks like before its code
 * has run, as a small standalone script its build writes beside its chunks and names in mf-manifest.json
 * (`firstScreens`: route -> script file, relative to the public path; a file, not inline code, so that the page's
 * Content-Security-Policy allows it by origin). The shell's inline preloader, which fetches that manifest while the
 * shell's own code downloads, loads it and paints it in an
 * overlay outside the app's root (FIRST_SCREEN_ID), so the page's largest picture (the explore map's first tiles)
 * is on screen about one script download earlier. The overlay is never the page: it is removed as soon as the
 * route's real page has committed (lazyPage), or the shell shows anything else there (an error, another route).
 */
export const FIRST_SCREEN_ID = 'wf-first-screen';

/** A first screen's script may cost this much (gzip), the manifest that carries it being on every visit's path. */
export const FIRST_SCREEN_BUDGET_GZIP = 3 * 1024;

/** The global the preloader hands a first screen its box under (the script reads the runtime config itself). */
export const FIRST_SCREEN_GLOBAL = '__WAYFARER_FIRST_SCREEN__';

/**
 * How long the shell's entry holds its own start back for a first screen's picture to be painted (see `pending`).
 * The shell's code downloads meanwhile (its HTML preloads it); only running it waits.
 */
export const FIRST_SCREEN_WAIT_MS = 500;

/**
 * How long a first screen may stay once its remote's App has loaded, should the page never take it away (a build of
 * the remote older than first screens served under the same address during a deploy): the shell then does.
 */
export const FIRST_SCREEN_PAGE_WAIT_MS = 10_000;

/** What a first-screen script finds under FIRST_SCREEN_GLOBAL. */
export interface FirstScreenHandoff {
  /**
   * Set by the preloader for a route a remote owns: settles once the remote's manifest has answered with no first
   * screen for the route (or failed), or once its first screen's `ready` has settled and a frame has been painted
   * after it. The shell's entry waits for it (at most FIRST_SCREEN_WAIT_MS) before running the shell: evaluating
   * the shell's code and its first render would otherwise hold back the frame that shows the picture.
   */
  pending?: Promise<void>;
  /** Set by a first-screen script: settles when its largest picture has loaded (or failed). */
  ready?: Promise<void>;
  /** The overlay to paint into (empty, fixed over the whole viewport, aria-hidden). Absent once dismissed. */
  root?: HTMLElement;
  /** The remote whose manifest the first screen came from, and that manifest's base URL (the runtime config's). */
  remote?: string;
  from?: string;
  /** Set once the real page (or anything else) has taken the screen: a late manifest paints nothing. */
  done?: boolean;
}

/**
 * Takes the first screen away (if any) and keeps a manifest that arrives later from painting one: called when a
 * route's page has committed, and by the shell whenever it shows something other than that page.
 */
export function dismissFirstScreen(): void {
  if (typeof window === 'undefined') return;
  const w = window as unknown as Record<string, FirstScreenHandoff | undefined>;
  const handoff = w[FIRST_SCREEN_GLOBAL];
  if (handoff?.done) return;
  w[FIRST_SCREEN_GLOBAL] = { ...handoff, root: undefined, done: true };
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}

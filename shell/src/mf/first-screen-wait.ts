import {
  FIRST_SCREEN_GLOBAL,
  FIRST_SCREEN_WAIT_MS,
  type FirstScreenHandoff,
} from '@wayfarer/contracts/browser';

/**
 * Settles when the route's first screen (contracts' first-screen.ts), if the HTML is painting one, has its picture
 * on screen, or when the remote's manifest said there is none; at most FIRST_SCREEN_WAIT_MS. At once on a page
 * the HTML's preloader left nothing for (no remote owns the route, or the monolith's HTML). Evaluating the shell's
 * code and rendering it are the longest tasks of a first load: run before that frame, they would hold the picture
 * back; the code itself keeps downloading meanwhile (preloaded by the HTML).
 */
export function whenFirstScreenShown(): Promise<void> {
  const handoff = (window as unknown as Record<string, FirstScreenHandoff | undefined>)[FIRST_SCREEN_GLOBAL];
  if (!handoff?.pending || handoff.done) return Promise.resolve();
  return Promise.race([
    handoff.pending,
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
  ]);
}

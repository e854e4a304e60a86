import {
  FIRST_SCREEN_GLOBAL,
  FIRST_SCREEN_PAGE_WAIT_MS,
  FIRST_SCREEN_WAIT_MS,
  dismissFirstScreen,
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

/**
 * Called when a remote's App has loaded. A first screen stands for the page of the build whose manifest it came
 * from (the runtime config's address of the remote); that build's page takes it away when it commits. The release
 * registry may have given this tab another build (a canary, a rollback to a build older than first screens), whose
 * page would not: the shell takes it away at once then, and in any case once FIRST_SCREEN_PAGE_WAIT_MS have passed.
 */
export function settleFirstScreenSource(remote: string, base: string | undefined): void {
  const handoff = (window as unknown as Record<string, FirstScreenHandoff | undefined>)[FIRST_SCREEN_GLOBAL];
  // Another remote's App (prefetched on intent meanwhile) says nothing about this first screen.
  if (!handoff?.root || handoff.done || handoff.remote !== remote) return;
  if (base === undefined || base.replace(/\/+$/, '') !== handoff.from) dismissFirstScreen();
  else setTimeout(dismissFirstScreen, FIRST_SCREEN_PAGE_WAIT_MS);
}

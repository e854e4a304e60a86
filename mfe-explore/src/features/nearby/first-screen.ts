import { FIRST_SCREEN_GLOBAL, type FirstScreenHandoff } from '@wayfarer/contracts/browser';
import { paintFirstScreen } from './utils/first-screen-paint';

/*
 * /explore's first screen (contracts' first-screen.ts), the entry mf-config builds on its own into
 * mf-manifest.json (module-federation.config.ts's `firstScreens`): the shell's HTML runs it as soon as the manifest
 * is in, with the overlay to paint into under FIRST_SCREEN_GLOBAL.
 */
const handoff = (window as unknown as Record<string, FirstScreenHandoff | undefined>)[FIRST_SCREEN_GLOBAL];
if (handoff?.root && !handoff.done) handoff.ready = paintFirstScreen(handoff.root);

import type { RemoteName } from './remotes';

/**
 * What each app may cost a first visit: the gzip bytes of the JavaScript it serves for its first route (the shell
 * on `/`; marketing on `/`, account on `/login`, explore on `/explore`, admin on `/admin`), as Chromium loads it
 * from the production build. A team that needs more raises its number here, in review, where everyone sees it;
 * the browser test e2e/tests/bundle-budgets.spec.ts fails CI with the number and the budget otherwise.
 */
export const INITIAL_JS_BUDGET_GZIP: Record<'shell' | RemoteName, number> = {
  // 165.3 KiB measured once its shared and package code became one `start` chunk and its Module Federation runtime
  // lost the manifest-snapshot plugin (170.8 KiB before; issue #14). It includes @tanstack/react-query (issue #16).
  // + 1,500 B: SVG icons instead of emoji (issue #16 point 7): lucide-react's icon runtime and the navbar's four icons
  // (169,318 B measured before, 170,818 B after, the seasonal overlay and its icons moved to a chunk of their own).
  shell: 166 * 1024 + 1_500,
  // Remotes carry no Module Federation runtime of their own (the shell provides it): about 10 KiB less each.
  marketing: 24 * 1024,
  // + 14,905 B: react-hook-form 7.92.0 with @hookform/resolvers 7.0.7, the forms of issue #16 point 3 that /login
  // renders at once (their chunk's gzip size in the account build; the zod schemas load on first use, not here).
  account: 25 * 1024 + 14_905,
  explore: 88 * 1024,
  admin: 148 * 1024,
};

import type { RemoteName } from './remotes';

/**
 * What each app may cost a first visit: the gzip bytes of the JavaScript it serves for its first route (the shell
 * on `/`; marketing on `/`, account on `/login`, explore on `/explore`, admin on `/admin`), as Chromium loads it
 * from the production build. A team that needs more raises its number here, in review, where everyone sees it;
 * the browser test e2e/tests/bundle-budgets.spec.ts fails CI with the number and the budget otherwise.
 */
export const INITIAL_JS_BUDGET_GZIP: Record<'shell' | RemoteName, number> = {
  // Lean first load (measured with bundle-budgets.spec.ts; budget = measured + at most half a KiB where an
  // app shrank): the shared entries of @wayfarer/i18n and @wayfarer/session lost what no page uses at run time
  // (Trans, the catalog checks, the pseudo-locale, the standalone harness): shell 164,716 B (was about 169 KiB).
  // Marketing's pages share one chunk of lucide-react's icon runtime instead of a copy each: 21,465 B. Explore's map
  // placeholder draws the first map tiles (the page's LCP) before Leaflet loads: +0.9 KiB, 85,208 B, budget 84 KiB.
  // Raised when the account and marketing remotes translated every screen: their English catalogs are
  // bundled (the fallback of every language) and grew with the shop, overview, subscribe, profile, validation, invest
  // and legal texts. Measured then: account 38.7 KiB on /login (was within 37), marketing 24.0 KiB on / (was within
  // 23); each budget is that plus half a KiB.
  // Raised for internationalisation: i18next 25.9.0 and react-i18next 15.7.4, shared singletons the
  // shell provides (+about 21 KiB on the shell), and each remote's bundled English catalog (0.4-1.2 KiB); with the
  // release registry's remote map and failure reports. Measured then: shell 169.0, explore 82.4, account
  // 35.9, marketing 22.2, admin 140.7 KiB; each budget is that plus at least half a KiB, in whole KiB.
  // Tightened when the apps moved from @module-federation/enhanced's runtime to webpack's container runtime:
  // measured then (gzip, bundle-budgets.spec.ts) shell 146.2 KiB (was 166 KiB + 1,500 B of budget), explore
  // 81.3, account 33.7, marketing 19.9, admin 139.5 KiB; each budget is that, plus at least half a KiB, in whole KiB.
  // Earlier history of the shell's number: 165.3 KiB with one `start` chunk, then @tanstack/react-query,
  // then + 1,500 B for the SVG icons.
  // After the session of 2026-11-27 merged the lean first load's narrow entries, the i18n catalogs, the
  // service-worker registration and offline-first session, and @wayfarer/ui's translated loading texts: measured
  // shell 169,011 B on /, explore 86.6 KiB, marketing 23.0 KiB, admin 147.9 KiB, account 38.7 KiB; budgets below are
  // those plus under half a KiB.
  // Then the shell's named lazy chunks kept their packages (workbox-window in the service-worker registration's chunk,
  // the common catalogs of other languages in theirs) instead of giving them to `start`: start -2.6 KiB, the
  // registration chunk (counted here, as it loads a few seconds after the page) +1.7 KiB: 164.7 KiB on /.
  // Then production builds stopped bundling each stylesheet's source map (css-loader followed `devtool`; with
  // style-loader the map went into the JavaScript): measured shell 161.2, explore 82.7 (with the touch-first map
  // facade's gate, +0.4 KiB), account 37.6, marketing 22.4, admin 147.0 KiB; each budget is that plus under half a KiB.
  // First screens (contracts' first-screen.ts): the shell's entry waits for the route's first screen, and
  // the shell takes it away on another route, an error or another build (+0.3 KiB: shell 161.9 KiB on /); each
  // remote's lazyPage takes it away when its page commits (explore 83.1 KiB on /explore). Budgets: those plus under
  // half a KiB.
  shell: Math.round(162.3 * 1024),
  marketing: Math.round(22.8 * 1024),
  // Includes react-hook-form 7.92.0 with @hookform/resolvers 7.0.7 (14,905 B), the forms that
  // /login renders at once (the zod schemas load on first use, not here).
  account: Math.round(38 * 1024),
  // Explore: offline trip packs (the English `downloads` and `offline` messages and the /downloads page's
  // lazy entry) and the rest of explore's English catalog (sight detail, guide, comments, photos, facts,
  // reports, follow me, map), which its first load bundles: measured 86.6 KiB on /explore.
  explore: Math.round(83.5 * 1024),
  // The whole admin area translated: its English catalog (about 490 messages, bundled as every remote's
  // English is) and the Intl formatting: measured 147.6 KiB on /admin (was 140.7); budget 147.6 + 0.4 KiB.
  admin: Math.round(147.4 * 1024),
};

/* global __ROUTES__, __SESSION_KEY__, __EARLY_GLOBAL__, __TIMEOUT_MS__, __FIRST_SCREEN_ID__, __FIRST_SCREEN_GLOBAL__ */
/*
 * Inlined into the shell's index.html, right after the runtime config (plain ES2017: it runs before any bundle).
 *
 * Without it, the page a route needs is found only after steps in a row: the shell's entry and start chunk, then
 * the remote's entry, then the chunks of its `./App`, then the route's page. Here the HTML itself finds the current
 * route's remote (the route table is written in at build time, __ROUTES__), preloads the remote's entry (its name
 * is fixed) and fetches its mf-manifest.json at once; as soon as the manifest is in, it preloads the chunks of the
 * remote's `./App` and those of the route's page (the manifest's `routes`, written by mf-config's
 * RoutePagesManifestPlugin), all while the shell's own code is still downloading. The shell's container loader
 * (shell/src/mf/federation.ts) and webpack's chunk loading then find them in the memory cache. Any failure here is
 * silent: the loader fetches everything itself.
 *
 * It also asks the release registry for this tab's remote map (GET <api>/releases/remote-map?session=<id>, the
 * session id kept in sessionStorage as shell/src/mf/remote-map.ts keeps it), which the shell's first remote load
 * waits for: asked here, the answer arrives while the shell's code downloads instead of one round trip after it
 * has run. The answer (a promise of the body, or of null on any failure or after REMOTE_MAP_TIMEOUT_MS) is left under
 * __EARLY_GLOBAL__ for remote-map.ts to take.
 *
 * And it paints the route's first screen when the remote's manifest has one (`firstScreens`, contracts'
 * first-screen.ts): the remote's script file, loaded as a script element (the page's Content-Security-Policy allows
 * the remote's origin, never inline code it cannot hash in advance), run in an overlay outside #root that the
 * route's page removes when it commits. Not on a signed-in route without a stored session (the shell will show the
 * sign-in page instead).
 */
(function () {
  var routes = __ROUTES__;
  try {
    var config = window.__WAYFARER_CONFIG__ || {};
    var api = typeof config.apiUrl === 'string' ? config.apiUrl.replace(/\/+$/, '') : '';
    if (api && typeof fetch === 'function' && typeof Promise === 'function') {
      var session = null;
      try {
        session = window.sessionStorage.getItem(__SESSION_KEY__);
        if (!session) {
          // As remote-map.ts makes one: a UUID, or (no randomUUID) time and randomness in base 36.
          session =
            window.crypto && typeof window.crypto.randomUUID === 'function'
              ? window.crypto.randomUUID()
              : Date.now().toString(36) + '-' + Math.random().toString(36).slice(2, 12);
          window.sessionStorage.setItem(__SESSION_KEY__, session);
        }
      } catch (e) {
        session = null;
      }
      if (session) {
        var controller = typeof AbortController === 'function' ? new AbortController() : null;
        var timer = controller
          ? setTimeout(function () {
              controller.abort();
            }, __TIMEOUT_MS__)
          : 0;
        var done = function (body) {
          clearTimeout(timer);
          return body;
        };
        window[__EARLY_GLOBAL__] = {
          session: session,
          answer: fetch(api + '/releases/remote-map?session=' + encodeURIComponent(session), {
            cache: 'no-store',
            signal: controller ? controller.signal : undefined,
          })
            .then(function (res) {
              if (!res.ok) throw new Error('remote map answered ' + res.status);
              return res.json();
            })
            .then(done, function () {
              return done(null);
            }),
        };
      }
    }
    var remotes = config.remotes || {};
    var path = window.location.pathname.replace(/\/+$/, '') || '/';
    var remote = null;
    var route = null;
    var access = null;
    for (var i = 0; i < routes.length && !remote; i++) {
      var pattern = routes[i][0].split('/');
      var parts = path.split('/');
      if (pattern.length !== parts.length) continue;
      var ok = true;
      for (var j = 0; j < pattern.length && ok; j++)
        ok = pattern[j].charAt(0) === ':' ? parts[j] !== '' : pattern[j] === parts[j];
      if (ok) {
        route = routes[i][0];
        remote = routes[i][1];
        access = routes[i][2];
      }
    }
    var base = remote && remotes[remote];
    if (!base) return;
    // Settled once the manifest said there is no first screen, or the first screen's picture is on screen: the
    // shell's entry waits for it before running the shell (FirstScreenHandoff.pending).
    var settle = function () {};
    var handoff = {
      pending: new Promise(function (resolve) {
        settle = resolve;
      }),
      remote: remote,
      from: base.replace(/\/+$/, ''),
    };
    window[__FIRST_SCREEN_GLOBAL__] = handoff;
    var afterPaint = function () {
      return new Promise(function (resolve) {
        requestAnimationFrame(function () {
          setTimeout(resolve, 0);
        });
      });
    };
    var manifestUrl = base.replace(/\/+$/, '') + '/mf-manifest.json';
    var preload = function (href, media) {
      var link = document.createElement('link');
      // A chunk the page needs at once only on some devices (the manifest's routeMedia): preloaded only there.
      if (media) link.media = media;
      link.rel = 'preload';
      link.setAttribute('as', 'script');
      link.crossOrigin = 'anonymous';
      // Low, the priority webpack's own (async) script tags for these files get: preloaded at the default (high),
      // the remote's chunks went ahead of the shell's start chunk (preloaded low, as it is loaded) on the same link.
      link.setAttribute('fetchpriority', 'low');
      link.href = href;
      document.head.appendChild(link);
    };
    // The key supabase-js keeps the session under (packages/session's storageKeyFor): sb-<host's first label>-auth-token.
    var hasSession = function () {
      try {
        var host = new URL(config.supabaseUrl || 'http://localhost:4000').hostname.split('.')[0];
        var key = 'sb-' + host + '-auth-token';
        return !!(window.localStorage.getItem(key) || window.sessionStorage.getItem(key));
      } catch (e) {
        return false;
      }
    };
    // True when the first screen's script was started; `done` runs once it has run (or failed to load).
    var paintFirstScreen = function (src, done) {
      // The page (or anything else) already took the screen, the address moved on, or sign-in comes first.
      if (window[__FIRST_SCREEN_GLOBAL__] !== handoff || handoff.done || !document.body) return false;
      if ((window.location.pathname.replace(/\/+$/, '') || '/') !== path) return false;
      if (access === 'signed-in' && !hasSession()) return false;
      var root = document.createElement('div');
      root.id = __FIRST_SCREEN_ID__;
      root.setAttribute('aria-hidden', 'true');
      // Under the navbar (z-index 500), which shows through once the shell has rendered; the page's colours.
      root.style.cssText = 'position:fixed;inset:0;z-index:450;overflow:hidden;background:var(--bg,#0f1720)';
      document.body.appendChild(root);
      handoff.root = root;
      var script = document.createElement('script');
      script.crossOrigin = 'anonymous';
      script.onload = done;
      script.onerror = function () {
        // Nothing to show: the overlay goes, the shell starts.
        if (root.parentNode) root.parentNode.removeChild(root);
        if (handoff.root === root) handoff.root = undefined;
        done();
      };
      script.src = src;
      document.head.appendChild(script);
      return true;
    };
    // The entry's name is fixed (remoteEntry.js, what the shell registers): no need to wait for the manifest.
    preload(base.replace(/\/+$/, '') + '/remoteEntry.js');
    fetch(manifestUrl, { cache: 'no-cache' })
      .then(function (res) {
        if (!res.ok) throw new Error(manifestUrl + ' answered ' + res.status);
        return res.json();
      })
      .then(function (manifest) {
        var meta = manifest.metaData || {};
        var publicPath =
          meta.publicPath && meta.publicPath !== 'auto' ? meta.publicPath : manifestUrl.replace(/[^/]*$/, '');
        var files = [];
        var exposes = manifest.exposes || [];
        for (var k = 0; k < exposes.length; k++) {
          if (exposes[k].path !== './App') continue;
          files = files.concat(
            (exposes[k].assets && exposes[k].assets.js && exposes[k].assets.js.sync) || [],
          );
        }
        var appFiles = files.length;
        files = files.concat((manifest.routes && manifest.routes[route]) || []);
        var media = (manifest.routeMedia && manifest.routeMedia[route]) || {};
        var seen = {};
        for (var n = 0; n < files.length; n++) {
          if (seen[files[n]]) continue;
          seen[files[n]] = true;
          preload(publicPath + files[n], n >= appFiles ? media[files[n]] : undefined);
        }
        // The route's first-screen script, a file of the remote's build (relative to its public path).
        var screen = manifest.firstScreens && manifest.firstScreens[route];
        var started =
          typeof screen === 'string' &&
          /^[\w./-]+\.js$/.test(screen) &&
          paintFirstScreen(publicPath + screen, function () {
            Promise.resolve(handoff.ready).then(afterPaint, afterPaint).then(settle, settle);
          });
        if (!started) settle();
      })
      // Nobody listens: a failed preload (or an unexpected manifest) is left to the runtime, which says so.
      .catch(function () {
        settle();
      });
  } catch (e) {
    /* never block the page */
  }
})();

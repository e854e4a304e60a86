/* global __ROUTES__, __SESSION_KEY__, __EARLY_GLOBAL__, __TIMEOUT_MS__ */
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
      }
    }
    var base = remote && remotes[remote];
    if (!base) return;
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
      })
      // Nobody listens: a failed preload (or an unexpected manifest) is left to the runtime, which says so.
      .catch(function () {});
  } catch (e) {
    /* never block the page */
  }
})();

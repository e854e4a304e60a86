/* global __ROUTES__ */
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
 */
(function () {
  var routes = __ROUTES__;
  try {
    var config = window.__WAYFARER_CONFIG__ || {};
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
    var preload = function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.setAttribute('as', 'script');
      link.crossOrigin = 'anonymous';
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
        files = files.concat((manifest.routes && manifest.routes[route]) || []);
        var seen = {};
        for (var n = 0; n < files.length; n++) {
          if (seen[files[n]]) continue;
          seen[files[n]] = true;
          preload(publicPath + files[n]);
        }
      })
      // Nobody listens: a failed preload (or an unexpected manifest) is left to the runtime, which says so.
      .catch(function () {});
  } catch (e) {
    /* never block the page */
  }
})();

/* global __ROUTES__ */
/*
 * Inlined into the shell's index.html, right after the runtime config (plain ES2017: it runs before any bundle).
 *
 * Without it, the remote a page needs is found only after three steps in a row: the shell's entry, then its
 * bootstrap chunk, then the remote's manifest, then the remote's entry and exposed chunks. Here the HTML itself
 * finds the current route's remote (the route table is written in at build time, __ROUTES__), starts fetching
 * its mf-manifest.json at once, and as soon as the manifest is in, preloads the remote's entry and the chunks of
 * its `./App`, all while the shell's own code is still downloading. The manifest's text is kept in
 * window.__WF_PRELOADED_MANIFESTS__ for the Module Federation runtime's fetch hook (shell/src/mf/runtime-plugin.ts),
 * so it is not fetched twice. Any failure here is silent: the runtime then loads everything itself, as before.
 */
(function () {
  var routes = __ROUTES__;
  try {
    var config = window.__WAYFARER_CONFIG__ || {};
    var remotes = config.remotes || {};
    var path = window.location.pathname.replace(/\/+$/, '') || '/';
    var remote = null;
    for (var i = 0; i < routes.length && !remote; i++) {
      var pattern = routes[i][0].split('/');
      var parts = path.split('/');
      if (pattern.length !== parts.length) continue;
      var ok = true;
      for (var j = 0; j < pattern.length && ok; j++) ok = pattern[j].charAt(0) === ':' ? parts[j] !== '' : pattern[j] === parts[j];
      if (ok) remote = routes[i][1];
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
    var store = (window.__WF_PRELOADED_MANIFESTS__ = window.__WF_PRELOADED_MANIFESTS__ || {});
    store[manifestUrl] = fetch(manifestUrl, { cache: 'no-cache' }).then(function (res) {
      if (!res.ok) throw new Error(manifestUrl + ' answered ' + res.status);
      return res.text().then(function (text) {
        try {
          var manifest = JSON.parse(text);
          var meta = manifest.metaData || {};
          var publicPath = meta.publicPath && meta.publicPath !== 'auto' ? meta.publicPath : manifestUrl.replace(/[^/]*$/, '');
          var entry = meta.remoteEntry || {};
          if (entry.name) preload(publicPath + (entry.path ? entry.path.replace(/\/?$/, '/') : '') + entry.name);
          var exposes = manifest.exposes || [];
          for (var k = 0; k < exposes.length; k++) {
            if (exposes[k].path !== './App') continue;
            var sync = (exposes[k].assets && exposes[k].assets.js && exposes[k].assets.js.sync) || [];
            for (var n = 0; n < sync.length; n++) preload(publicPath + sync[n]);
          }
        } catch (e) {
          /* an unexpected manifest: the runtime will say so */
        }
        return text;
      });
    });
    // Nobody may be listening yet: a failed preload must not be an unhandled rejection.
    store[manifestUrl].catch(function () {});
  } catch (e) {
    /* never block the page */
  }
})();

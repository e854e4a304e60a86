/*
 * Inlined into the host's index.html (intlWarmupScript in inline-scripts.ts). The first Intl.NumberFormat or
 * Intl.DateTimeFormat a browser process makes loads ICU's data: about 30 ms of the thread that asks, whatever the
 * language (measured in Chromium; 120 ms or more at a phone's speed), once per process, not once per thread. The
 * navbar's balance and a page's first price or date paid it on the main thread, inside their first render. A
 * throwaway worker pays it instead, on another thread, while the page's scripts are still downloading; the main
 * thread's first format then takes well under a millisecond.
 * A data: URL (no request, no Blob): creating it costs the main thread 1-6 ms. ES2017 and guarded: a browser without
 * workers, or a policy that forbids this one, loses nothing but the head start.
 */
(function () {
  try {
    if (typeof Worker !== 'function') return;
    var worker = new Worker(
      'data:text/javascript,' +
        encodeURIComponent(
          'try{new Intl.NumberFormat().format(0);new Intl.DateTimeFormat().format(0);new Intl.PluralRules().select(0)}catch(e){}postMessage(0)',
        ),
    );
    worker.onmessage = worker.onerror = function () {
      worker.terminate();
    };
  } catch (e) {
    /* no head start */
  }
})();

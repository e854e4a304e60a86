// jsdom lacks several web platform globals that Node 20 has; hand Node's own implementations to the test window.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Response',
  'Request',
  'Headers',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'BroadcastChannel',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'setImmediate',
  'clearImmediate',
];

class WayfarerJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    for (const key of FROM_NODE) if (typeof g[key] === 'undefined') g[key] = globalThis[key];
    if (!g.matchMedia)
      g.matchMedia = (query) => ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
        dispatchEvent: () => false,
      });
    if (!g.ResizeObserver)
      g.ResizeObserver = class {
        observe() {}
        unobserve() {}
        disconnect() {}
      };
    // jsdom's performance has now() only; the apps' User Timing marks (mark/measure/getEntriesByName) use Node's.
    for (const fn of [
      'mark',
      'measure',
      'getEntriesByName',
      'getEntriesByType',
      'clearMarks',
      'clearMeasures',
    ])
      if (g.performance && typeof g.performance[fn] !== 'function')
        g.performance[fn] = globalThis.performance[fn].bind(globalThis.performance);
    g.scrollTo = () => {};
    g.HTMLElement.prototype.scrollIntoView = function () {};
  }
}

module.exports = WayfarerJsdomEnvironment;

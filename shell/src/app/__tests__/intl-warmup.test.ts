import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { intlWarmupScript } from '@wayfarer/mf-config/inline-scripts';

const script = intlWarmupScript();
const realWorker = globalThis.Worker;

class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  terminate = jest.fn();
  constructor(readonly url: string) {
    FakeWorker.made.push(this);
  }
}

/** Runs the worker's source (from its data: URL) against a recording Intl, as the worker thread would. */
function runWorkerSource(url: string) {
  const made: string[] = [];
  const record = (name: string) =>
    function (this: unknown) {
      made.push(name);
      return { format: () => '', select: () => '' };
    };
  const posted: unknown[] = [];
  const source = decodeURIComponent(url.slice(url.indexOf(',') + 1));
  new Function('Intl', 'postMessage', source)(
    {
      NumberFormat: record('NumberFormat'),
      DateTimeFormat: record('DateTimeFormat'),
      PluralRules: record('PluralRules'),
    },
    (m: unknown) => posted.push(m),
  );
  return { made, posted };
}

afterEach(() => {
  FakeWorker.made = [];
  (globalThis as { Worker?: unknown }).Worker = realWorker;
});

describe("the host's Intl warm-up (index.html)", () => {
  it('starts one worker, from a data: URL (no request), that makes a number and a date format and reports back; the page then ends it', () => {
    (globalThis as { Worker?: unknown }).Worker = FakeWorker;
    new Function(script)();
    expect(FakeWorker.made).toHaveLength(1);
    const worker = FakeWorker.made[0]!;
    expect(worker.url.startsWith('data:text/javascript,')).toBe(true);
    const { made, posted } = runWorkerSource(worker.url);
    expect(made).toEqual(expect.arrayContaining(['NumberFormat', 'DateTimeFormat']));
    expect(posted).toHaveLength(1);
    expect(worker.terminate).not.toHaveBeenCalled();
    worker.onmessage!();
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('ends the worker when it fails to start as well', () => {
    (globalThis as { Worker?: unknown }).Worker = FakeWorker;
    new Function(script)();
    FakeWorker.made[0]!.onerror!();
    expect(FakeWorker.made[0]!.terminate).toHaveBeenCalledTimes(1);
  });

  it('does nothing, and throws nothing, without workers or when a policy refuses this one', () => {
    (globalThis as { Worker?: unknown }).Worker = undefined;
    expect(() => new Function(script)()).not.toThrow();
    (globalThis as { Worker?: unknown }).Worker = function () {
      throw new DOMException('refused', 'SecurityError');
    };
    expect(() => new Function(script)()).not.toThrow();
  });
});

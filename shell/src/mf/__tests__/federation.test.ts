import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { loadRemote, registerRemotes } from '../federation';

const ENTRY = 'http://explore.test:3001/remoteEntry.js';
type G = typeof globalThis & Record<string, unknown>;
const g = globalThis as G;
const script = () => document.querySelector<HTMLScriptElement>('script[data-remote="explore"]');

describe("the shell's container loader", () => {
  const initSharing = jest.fn(async (_scope: string) => undefined);
  const shareScope = { react: {} };
  beforeEach(() => {
    g.__webpack_init_sharing__ = initSharing;
    g.__webpack_share_scopes__ = { default: shareScope };
    registerRemotes([{ name: 'explore', entry: ENTRY }], { force: true });
  });
  afterEach(() => {
    registerRemotes([{ name: 'explore', entry: ENTRY }], { force: true });
    jest.useRealTimers();
  });

  it('loads the entry once, initialises the container with the share scope and evaluates the exposed module', async () => {
    const App = () => null;
    const container = { init: jest.fn(), get: jest.fn(async (_m: string) => () => ({ default: App })) };
    const first = loadRemote<{ default: unknown }>('explore/App');
    const second = loadRemote<{ default: unknown }>('explore/App');
    expect(document.querySelectorAll('script[data-remote="explore"]')).toHaveLength(1);
    g.explore = container;
    script()!.onload!(new Event('load'));
    await expect(first).resolves.toEqual({ default: App });
    await expect(second).resolves.toEqual({ default: App });
    expect(initSharing).toHaveBeenCalledWith('default');
    expect(container.init).toHaveBeenCalledTimes(1);
    expect(container.init).toHaveBeenCalledWith(shareScope);
    expect(container.get).toHaveBeenCalledWith('./App');
  });

  it('a failed entry is forgotten: the next attempt loads it again', async () => {
    const failed = loadRemote('explore/App');
    script()!.onerror!(new Event('error'));
    await expect(failed).rejects.toThrow(`Loading ${ENTRY} failed`);
    expect(script()).toBeNull();
    void loadRemote('explore/App').catch(() => undefined);
    expect(script()?.src).toBe(ENTRY);
  });

  it('Retry after a load reloads the entry into a new container, though its global is a `var` (not deletable)', async () => {
    const old = { init: jest.fn(), get: jest.fn(async (_m: string) => () => ({ default: 'old' })) };
    // As `var explore = ...` at the top of a classic script defines it: writable, not configurable.
    Object.defineProperty(g, 'explore', {
      value: old,
      writable: true,
      configurable: false,
      enumerable: true,
    });
    const first = loadRemote<{ default: string }>('explore/App');
    script()!.onload!(new Event('load'));
    await expect(first).resolves.toEqual({ default: 'old' });
    expect(() => registerRemotes([{ name: 'explore', entry: ENTRY }], { force: true })).not.toThrow();
    expect(script()).toBeNull();
    expect(g.explore).toBeUndefined();
    const fresh = { init: jest.fn(), get: jest.fn(async (_m: string) => () => ({ default: 'new' })) };
    const second = loadRemote<{ default: string }>('explore/App');
    expect(script()?.src).toBe(ENTRY);
    g.explore = fresh;
    script()!.onload!(new Event('load'));
    await expect(second).resolves.toEqual({ default: 'new' });
    expect(fresh.init).toHaveBeenCalledTimes(1);
  });

  it('an entry that defines no container is an error', async () => {
    delete g.explore;
    const p = loadRemote('explore/App');
    script()!.onload!(new Event('load'));
    await expect(p).rejects.toThrow('defines no container named explore');
  });

  it('times out under the configured chunk time-out (a message the ChunkLoadError mapping reads as a time-out)', async () => {
    jest.useFakeTimers();
    const p = loadRemote('explore/App');
    jest.advanceTimersByTime(120_000);
    await expect(p).rejects.toThrow(/timed out after 120000 ms/);
  });

  it('an unregistered remote is an error, not a script', async () => {
    await expect(loadRemote('nowhere/App')).rejects.toThrow('remote nowhere is not registered');
  });
});

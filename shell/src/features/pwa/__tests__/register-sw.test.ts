import { jest } from '@jest/globals';

/** workbox-window's Workbox, as register-sw.ts uses it: events, register, update, messageSkipWaiting. */
class FakeWorkbox {
  static last: FakeWorkbox | null = null;
  listeners = new Map<string, (() => void)[]>();
  update = jest.fn(() => Promise.resolve());
  messageSkipWaiting = jest.fn();
  constructor(readonly url: string) {
    FakeWorkbox.last = this;
  }
  addEventListener(type: string, l: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  emit(type: string) {
    for (const l of this.listeners.get(type) ?? []) l();
  }
  register() {
    return Promise.resolve();
  }
}

jest.unstable_mockModule('workbox-window', () => ({ Workbox: FakeWorkbox }));
jest.unstable_mockModule('../../../mf/remote-loader', () => ({
  remoteMapReady: () =>
    Promise.resolve({ explore: 'http://e', account: 'http://a', marketing: 'http://m', admin: 'http://d' }),
}));
jest.unstable_mockModule('../../../mf/remote-map', () => ({ remoteVersion: () => null }));

const { registerServiceWorker, UPDATE_CHECK_MS } = await import('../register-sw');
const { useWaitingUpdate } = await import('../update-store');
const { act, renderHook } = await import('@testing-library/react');

const postMessage = jest.fn();
Object.defineProperty(navigator, 'serviceWorker', {
  configurable: true,
  value: { ready: Promise.resolve({ active: { postMessage } }) },
});

const setVisibility = (state: 'visible' | 'hidden') =>
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });

describe('registerServiceWorker', () => {
  // Fake timers: the hourly check registerServiceWorker sets must not outlive a test.
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  it('looks for a new version when the tab is shown again and every UPDATE_CHECK_MS, not when it is hidden', async () => {
    await registerServiceWorker();
    const wb = FakeWorkbox.last!;
    expect(wb.url).toBe('/sw.js');
    expect(wb.update).not.toHaveBeenCalled();
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(wb.update).not.toHaveBeenCalled();
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(wb.update).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(wb.update).toHaveBeenCalledTimes(2);
    expect(postMessage).toHaveBeenCalledWith(expect.objectContaining({ remotes: expect.any(Array) }));
  });

  it('announces a waiting worker to the prompt and lets it take over only when the traveller applies it', async () => {
    await registerServiceWorker();
    const wb = FakeWorkbox.last!;
    const { result } = renderHook(() => useWaitingUpdate());
    expect(result.current).toBeNull();
    act(() => wb.emit('waiting'));
    expect(result.current).toEqual(expect.any(Function));
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    act(() => result.current?.());
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(wb.listeners.get('controlling')).toHaveLength(1);
  });
});

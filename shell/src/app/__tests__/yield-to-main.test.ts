/**
 * @jest-environment node
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { yieldToMain } from '../yield-to-main';

const g = globalThis as { scheduler?: unknown };
afterEach(() => {
  delete g.scheduler;
});

describe('yieldToMain', () => {
  it('resumes in a later task: after every pending microtask and after a task queued before it', async () => {
    const order: string[] = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      order.push('earlier task');
      channel.port1.close();
    };
    channel.port2.postMessage(null);
    const resumed = yieldToMain().then(() => order.push('resumed'));
    void Promise.resolve().then(() => order.push('microtask'));
    await resumed;
    expect(order).toEqual(['microtask', 'earlier task', 'resumed']);
  });

  it('falls back to a timer where there is no MessageChannel', async () => {
    const channel = globalThis.MessageChannel;
    (globalThis as { MessageChannel?: unknown }).MessageChannel = undefined;
    try {
      const order: string[] = [];
      setTimeout(() => order.push('earlier timer'), 0);
      await yieldToMain().then(() => order.push('resumed'));
      expect(order).toEqual(['earlier timer', 'resumed']);
    } finally {
      globalThis.MessageChannel = channel;
    }
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const y = jest.fn(() => Promise.resolve());
    g.scheduler = { yield: y };
    await yieldToMain();
    expect(y).toHaveBeenCalledTimes(1);
  });
});

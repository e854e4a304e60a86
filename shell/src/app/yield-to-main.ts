/**
 * Ends the current task and resumes in a new one, so that the browser can paint, run other tasks and answer input
 * between two pieces of start-up work. `scheduler.yield()` where the browser has it (the continuation keeps its
 * place ahead of other tasks), a MessageChannel message elsewhere: not clamped like a nested timer, and not
 * throttled in a background tab.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Stops a process cleanly on SIGINT / SIGTERM (once, whatever arrives next): runs `stop`, then exits 0, or 1 if
 * stopping failed. The API and the worker process share it.
 */
export function stopOnSignals(log: (msg: string) => void, what: string, stop: () => Promise<unknown>): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal}: ${what}`);
    stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

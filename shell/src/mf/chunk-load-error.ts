/** Every failure to fetch a remote (manifest, remote entry or chunk) surfaces as an error named ChunkLoadError. */
export class ChunkLoadError extends Error {
  constructor(
    message: string,
    readonly remote: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export function isTimeout(err: unknown): boolean {
  const text = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /timed out|timeout|TimeoutError|AbortError/i.test(text);
}

export function toChunkLoadError(err: unknown, remote: string, timeoutMs: number): ChunkLoadError {
  if (err instanceof ChunkLoadError) return err;
  const timedOut = isTimeout(err);
  const detail = err instanceof Error ? err.message : String(err);
  const message = timedOut
    ? `Loading the ${remote} module timed out after ${Math.round(timeoutMs / 1000)} s.`
    : `The ${remote} module could not be loaded. ${detail.split('\n')[0]}`;
  return new ChunkLoadError(message, remote, timedOut);
}

import { ChunkLoadError, toChunkLoadError } from '../chunk-load-error';

describe('toChunkLoadError', () => {
  it('names every remote failure ChunkLoadError, keeping the first line of the cause', () => {
    const e = toChunkLoadError(
      new Error('ScriptNetworkError: Failed to load script "x"\nstack…'),
      'explore',
      120_000,
    );
    expect(e).toBeInstanceOf(ChunkLoadError);
    expect(e.name).toBe('ChunkLoadError');
    expect(e.timedOut).toBe(false);
    expect(e.message).toBe(
      'The explore module could not be loaded. ScriptNetworkError: Failed to load script "x"',
    );
  });

  it('reports time-outs with the configured limit', () => {
    const e = toChunkLoadError(
      new Error('ScriptNetworkError: Script "http://x/remoteEntry.js" timed out.'),
      'marketing',
      1500,
    );
    expect(e.timedOut).toBe(true);
    expect(e.message).toBe('Loading the marketing module timed out after 2 s.');
  });

  it('passes an existing ChunkLoadError through unchanged', () => {
    const original = new ChunkLoadError('m', 'admin', false);
    expect(toChunkLoadError(original, 'admin', 1)).toBe(original);
  });
});

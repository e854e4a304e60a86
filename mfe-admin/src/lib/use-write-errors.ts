import { useCallback, useState } from 'react';
import { errorText } from '@wayfarer/api-client';

/**
 * The one error slot of an admin list page (spec point 4, news and roadmap): a write clears it when it starts and
 * stores its message when it fails (the server's text, else the spec's fallback); a failed read shows its own
 * fallback until dismissed; `clearError` dismisses both.
 */
export function useWriteErrors(readError: unknown, readFallback: string) {
  const [writeError, setWriteError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const fetchError = readError && readError !== dismissed ? errorText(readError, readFallback) : null;

  /** Runs one mutation; resolves with its result, or null after storing its error message. */
  const run = useCallback(async <T>(write: () => Promise<T>, fallback: string): Promise<T | null> => {
    setWriteError(null);
    try {
      return await write();
    } catch (err) {
      setWriteError(errorText(err, fallback));
      return null;
    }
  }, []);

  const clearError = useCallback(() => {
    setWriteError(null);
    setDismissed(readError);
  }, [readError]);

  return { error: writeError ?? fetchError, clearError, run };
}

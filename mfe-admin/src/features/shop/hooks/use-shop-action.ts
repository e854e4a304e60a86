import { useState } from 'react';
import { describeError } from '../../../lib/admin-request';

/** The shop page's writes, one at a time: a busy flag, and the last failure's message (server text, else `fallback`). */
export function useShopAction() {
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  async function act(fallback: string, run: () => Promise<void>) {
    setBusy(true);
    setActionError(null);
    try {
      await run();
    } catch (err) {
      setActionError(describeError(err, fallback));
    } finally {
      setBusy(false);
    }
  }

  return { busy, actionError, act };
}

import { useState } from 'react';

/** Share: the system share sheet where there is one, else the link copied, with a short message (a catalog key). */
export function useShareLink(title: string | undefined) {
  const [message, setMessage] = useState<string | null>(null);
  const share = async () => {
    const url = window.location.href;
    try {
      if (navigator.share) {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setMessage('detail.linkCopied');
    } catch (e) {
      if ((e as Error).name !== 'AbortError') setMessage('detail.shareFailed');
    }
    setTimeout(() => setMessage(null), 2500);
  };
  return { share, message };
}

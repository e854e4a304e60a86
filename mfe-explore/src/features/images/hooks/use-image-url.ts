import { useEffect, useState } from 'react';
import { getAccessToken } from '@wayfarer/session';
import { apiUrl } from '../../../lib/api-url';
import type { SightImage } from '../../../lib/sight-cache';
import { tExplore } from '../../../i18n';
import { signImagePath } from '../api/image-api';

/**
 * An image's display URL: the signed URL the API answered, else (no URL, or it stopped loading because its signature
 * expired) a fresh one signed for its storage path. `onError` goes on the <img>.
 */
export function useImageUrl(img: SightImage): {
  url: string | null;
  error: string | null;
  onError: () => void;
} {
  const [resign, setResign] = useState(!img.url);
  const [signed, setSigned] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setResign(!img.url);
    setSigned(null);
    setError(null);
  }, [img.url, img.path]);
  useEffect(() => {
    if (!resign || !img.path) return;
    let live = true;
    void (async () => {
      try {
        const u = await signImagePath(img.path!, await getAccessToken().catch(() => null));
        if (live) setSigned(u);
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : tExplore('images.signFailed', { status: '' }));
      }
    })();
    return () => {
      live = false;
    };
  }, [resign, img.path]);
  return {
    url: resign ? apiUrl(signed) : apiUrl(img.url),
    error,
    // Only once: a freshly signed URL that fails too is not signed again.
    onError: () => {
      if (!resign && img.path) setResign(true);
    },
  };
}

import { startTransition, useCallback, useEffect, useState } from 'react';
import { afterNextPaint } from '../utils/after-paint';

/** Longest wait for the preview's first tile before the map starts anyway (a slow or silent tile server). */
export const FIRST_TILE_WAIT_MS = 1500;

/**
 * When the interactive map (Leaflet) may replace the preview of its first tiles: once the toolbar and list have
 * been painted, and the preview's central tile is in (loaded, failed, or there is none), or after
 * FIRST_TILE_WAIT_MS. Started earlier, Leaflet's set-up (a long task on a phone) ran while that tile was arriving
 * and replaced the preview before the tile had been painted once, so the map's first picture waited for the whole
 * set-up; now the tile is on screen as soon as it arrives, and Leaflet takes it from the cache.
 */
export function useMapStart(): { mapReady: boolean; onPreviewSettled: () => void } {
  const [painted, setPainted] = useState(false);
  const [tileIn, setTileIn] = useState(false);
  const [waited, setWaited] = useState(false);
  // Each a transition: while the map's lazy code is not ready, React keeps the preview on screen as it is
  // (an urgent update would hide it and mount a second copy as the Suspense fallback).
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setWaited(true)), FIRST_TILE_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  // After the frame that paints the tile: replaced in the task its load event runs in, it was never painted.
  const onPreviewSettled = useCallback(
    () => void afterNextPaint(() => startTransition(() => setTileIn(true))),
    [],
  );
  return { mapReady: painted && (tileIn || waited), onPreviewSettled };
}

/** Longest wait for a frame: a hidden tab gets no animation frames, and its work should not wait for one. */
export const AFTER_PAINT_FALLBACK_MS = 100;

/**
 * Runs `cb` once, in a task of its own after the next frame has been painted (an animation frame, then a timer),
 * or after AFTER_PAINT_FALLBACK_MS if no frame comes. Returns a cancel function.
 */
export function afterNextPaint(cb: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cb();
  };
  const fallback = setTimeout(run, AFTER_PAINT_FALLBACK_MS);
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => (timer = setTimeout(run, 0)))
      : undefined;
  return () => {
    done = true;
    clearTimeout(fallback);
    if (timer !== undefined) clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
}

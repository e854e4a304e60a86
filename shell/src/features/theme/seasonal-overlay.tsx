import { useEffect, useMemo, useState } from 'react';
import type { SeasonalStyle } from '@wayfarer/session';
import { GhostIcon, SnowflakeIcon } from '@wayfarer/ui/icons';
import './seasonal-overlay.css';

export const SNOWFLAKES = 50;
export const GHOSTS = 8;

export interface Particle {
  left: number;
  delay: number;
  duration: number;
  size: number;
}

/** Snowflakes: random delay up to 5 s, duration 3-7 s, size 0.5-1.5 rem. Ghosts: duration 10-18 s, size 1.2-2.0 rem. */
export function makeParticles(
  style: Exclude<SeasonalStyle, null>,
  rnd: () => number = Math.random,
): Particle[] {
  if (style === 'christmas')
    return Array.from({ length: SNOWFLAKES }, () => ({
      left: rnd() * 100,
      delay: rnd() * 5,
      duration: 3 + rnd() * 4,
      size: 0.5 + rnd(),
    }));
  return Array.from({ length: GHOSTS }, () => ({
    left: rnd() * 100,
    delay: rnd() * 5,
    duration: 10 + rnd() * 8,
    size: 1.2 + rnd() * 0.8,
  }));
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** True while the visitor asks for reduced motion; follows changes of the setting. */
function usePrefersReducedMotion(): boolean {
  const query = useMemo(
    () =>
      typeof window !== 'undefined' && typeof window.matchMedia === 'function'
        ? window.matchMedia(REDUCED_MOTION)
        : null,
    [],
  );
  const [reduced, setReduced] = useState(() => query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [query]);
  return reduced;
}

export function SeasonalOverlay({ style }: { style: SeasonalStyle }) {
  const reduced = usePrefersReducedMotion();
  const particles = useMemo(() => (style ? makeParticles(style) : []), [style]);
  // Falling particles are pure decoration: with reduced motion nothing is rendered at all.
  if (!style || reduced) return null;
  return (
    <div
      className={`wf-seasonal wf-seasonal--${style}`}
      aria-hidden="true"
      data-testid="seasonal-overlay"
      data-style={style}
    >
      {particles.map((p, i) => (
        <span
          key={i}
          className="wf-seasonal__p"
          style={{
            left: `${p.left}%`,
            animationDelay: `${p.delay}s`,
            animationDuration: `${p.duration}s`,
            fontSize: `${p.size}rem`,
          }}
        >
          {style === 'christmas' ? <SnowflakeIcon className="wf-icon" /> : <GhostIcon className="wf-icon" />}
        </span>
      ))}
    </div>
  );
}

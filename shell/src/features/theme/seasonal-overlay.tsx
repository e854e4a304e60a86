import { useMemo } from 'react';
import type { SeasonalStyle } from '@wayfarer/session';
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
export function makeParticles(style: Exclude<SeasonalStyle, null>, rnd: () => number = Math.random): Particle[] {
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

export function SeasonalOverlay({ style }: { style: SeasonalStyle }) {
  const particles = useMemo(() => (style ? makeParticles(style) : []), [style]);
  if (!style) return null;
  return (
    <div className={`wf-seasonal wf-seasonal--${style}`} aria-hidden="true" data-testid="seasonal-overlay" data-style={style}>
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
          {style === 'christmas' ? '❄' : '👻'}
        </span>
      ))}
    </div>
  );
}

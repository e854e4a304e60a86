import { act, render } from '@testing-library/react';
import { GHOSTS, SNOWFLAKES, SeasonalOverlay, makeParticles } from '../seasonal-overlay';

describe('seasonal overlay particles', () => {
  it('makes 50 snowflakes: delay ≤ 5 s, duration 3–7 s, size 0.5–1.5 rem', () => {
    const ps = makeParticles('christmas');
    expect(SNOWFLAKES).toBe(50);
    expect(ps).toHaveLength(50);
    for (const p of ps) {
      expect(p.delay).toBeGreaterThanOrEqual(0);
      expect(p.delay).toBeLessThanOrEqual(5);
      expect(p.duration).toBeGreaterThanOrEqual(3);
      expect(p.duration).toBeLessThanOrEqual(7);
      expect(p.size).toBeGreaterThanOrEqual(0.5);
      expect(p.size).toBeLessThanOrEqual(1.5);
    }
  });

  it('uses the extremes of the random source for the range ends', () => {
    const lo = makeParticles('christmas', () => 0)[0];
    const hi = makeParticles('christmas', () => 0.999999)[0];
    expect([lo.duration, lo.size]).toEqual([3, 0.5]);
    expect(hi.duration).toBeCloseTo(7, 3);
    expect(hi.size).toBeCloseTo(1.5, 3);
    const gLo = makeParticles('halloween', () => 0)[0];
    const gHi = makeParticles('halloween', () => 0.999999)[0];
    expect([gLo.duration, gLo.size]).toEqual([10, 1.2]);
    expect(gHi.duration).toBeCloseTo(18, 3);
    expect(gHi.size).toBeCloseTo(2.0, 3);
  });

  it('makes 8 ghosts', () => {
    expect(GHOSTS).toBe(8);
    expect(makeParticles('halloween')).toHaveLength(8);
  });

  it('renders nothing without a seasonal style, and a hidden decorative layer with one', () => {
    const { container, rerender } = render(<SeasonalOverlay style={null} />);
    expect(container.innerHTML).toBe('');
    rerender(<SeasonalOverlay style="christmas" />);
    const el = container.querySelector('[data-testid="seasonal-overlay"]')!;
    expect(el.getAttribute('aria-hidden')).toBe('true');
    expect(el.getAttribute('data-style')).toBe('christmas');
    expect(el.children).toHaveLength(50);
    rerender(<SeasonalOverlay style="halloween" />);
    expect(container.querySelector('[data-testid="seasonal-overlay"]')!.children).toHaveLength(8);
  });

  it('renders nothing while the visitor prefers reduced motion, and appears when the setting is lifted', () => {
    const listeners = new Set<() => void>();
    const mql = {
      matches: true,
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    };
    const original = window.matchMedia;
    window.matchMedia = ((q: string) =>
      q.includes('reduced-motion') ? mql : original?.(q)) as typeof window.matchMedia;
    try {
      const { container } = render(<SeasonalOverlay style="christmas" />);
      expect(container.querySelector('[data-testid="seasonal-overlay"]')).toBeNull();
      mql.matches = false;
      act(() => listeners.forEach((fn) => fn()));
      expect(container.querySelector('[data-testid="seasonal-overlay"]')!.children).toHaveLength(50);
    } finally {
      window.matchMedia = original;
    }
  });
});

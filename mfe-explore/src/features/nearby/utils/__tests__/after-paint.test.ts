import { jest } from '@jest/globals';
import { AFTER_PAINT_FALLBACK_MS, afterNextPaint } from '../after-paint';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('afterNextPaint', () => {
  it('runs the callback in a task after the next animation frame, not synchronously', () => {
    const cb = jest.fn();
    afterNextPaint(cb);
    expect(cb).not.toHaveBeenCalled();
    jest.advanceTimersToNextFrame();
    // The frame itself only schedules the task.
    expect(cb).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('runs once, even when the fallback time passes as well', () => {
    const cb = jest.fn();
    afterNextPaint(cb);
    jest.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS * 3);
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('runs after the fallback time when no frame comes (a hidden tab)', () => {
    const raf = jest.spyOn(globalThis, 'requestAnimationFrame').mockImplementation(() => 1);
    try {
      const cb = jest.fn();
      afterNextPaint(cb);
      jest.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS - 1);
      expect(cb).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(cb).toHaveBeenCalledTimes(1);
    } finally {
      raf.mockRestore();
    }
  });

  it('never runs once cancelled', () => {
    const cb = jest.fn();
    const cancel = afterNextPaint(cb);
    jest.advanceTimersToNextFrame();
    cancel();
    jest.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS * 2);
    expect(cb).not.toHaveBeenCalled();
  });
});

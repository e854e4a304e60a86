import { distanceM, nearestStation, parseRadius, stationToTrigger } from '../geo';

/** A point `m` metres north of 48.8584, 2.2945. */
const at = (m: number) => ({ lat: 48.8584 + m / 111_195, lon: 2.2945 });
const stop = (m: number) => ({ latitude: at(m).lat, longitude: at(m).lon });

describe('stationToTrigger', () => {
  it('starts a station within the radius once; never one without coordinates', () => {
    const st = [stop(0), stop(400), { latitude: undefined, longitude: 2.2945 }];
    expect(distanceM(at(0).lat, at(0).lon, at(33).lat, at(33).lon)).toBeCloseTo(33, 0);
    expect(stationToTrigger(at(33), st, new Set())).toBe(0);
    expect(stationToTrigger(at(33), st, new Set([0]))).toBeNull();
    expect(stationToTrigger(at(45), st, new Set())).toBeNull();
    expect(stationToTrigger(at(45), st, new Set(), 50)).toBe(0);
    expect(stationToTrigger(at(390), st, new Set([0]))).toBe(1);
  });

  it('where radii overlap, the nearest station wins and a played neighbour does not start the next one', () => {
    const st = [stop(0), stop(50)];
    // 10 m from the first, 40 m from the second: the first, not the second (listed later but in range too).
    expect(stationToTrigger(at(10), st, new Set())).toBe(0);
    // Still nearer the first, which already played: nothing, although the second's radius contains the position.
    expect(stationToTrigger(at(20), st, new Set([0]))).toBeNull();
    // Past the middle the second is the nearer one.
    expect(stationToTrigger(at(30), st, new Set([0]))).toBe(1);
    // Walking in from the far side reaches the second's radius first.
    expect(stationToTrigger(at(85), st, new Set())).toBe(1);
  });

  it("a station's own radius takes precedence; ties go to the first in order", () => {
    expect(stationToTrigger(at(60), [{ ...stop(0), radius_m: 80 }], new Set())).toBe(0);
    expect(stationToTrigger(at(5), [stop(0), stop(0)], new Set())).toBe(0);
    expect(stationToTrigger(at(5), [stop(0), stop(0)], new Set([0]))).toBeNull();
  });
});

describe('nearestStation and parseRadius', () => {
  it('finds the nearest located station', () => {
    expect(nearestStation(at(300), [stop(0), { longitude: 1 }, stop(400)])).toEqual({
      index: 2,
      distance: expect.closeTo(100, 0),
    });
    expect(nearestStation(at(0), [{}])).toBeNull();
  });
  it('accepts whole metres from 10 to 500', () => {
    expect(parseRadius('25')).toBe(25);
    expect(parseRadius(' 500 ')).toBe(500);
    expect(parseRadius('2')).toBeNull();
    expect(parseRadius('501')).toBeNull();
    expect(parseRadius('12.5')).toBeNull();
    expect(parseRadius('')).toBeNull();
  });
});

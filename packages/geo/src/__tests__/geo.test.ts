import { distanceM, latToY, lonToX, MERCATOR_MAX_LAT, xToLon, yToLat } from '../index';

describe('distanceM (haversine)', () => {
  it('measures along the great circle in metres', () => {
    expect(distanceM(48.8584, 2.2945, 48.8584, 2.2945)).toBe(0);
    // One degree of latitude on the 6,371 km sphere.
    expect(distanceM(0, 0, 1, 0)).toBeCloseTo(111_195, 0);
    // Eiffel Tower to Notre-Dame: about 4.1 km.
    expect(distanceM(48.8584, 2.2945, 48.853, 2.3499) / 1000).toBeCloseTo(4.1, 1);
    expect(distanceM(0, 0, 0, 180)).toBeCloseTo(Math.PI * 6_371_000, 0);
  });
  it('is symmetric', () => {
    expect(distanceM(10, 20, -30, 40)).toBeCloseTo(distanceM(-30, 40, 10, 20), 6);
  });
});

describe('Web Mercator', () => {
  it('maps the world onto 0-1 and back', () => {
    expect(lonToX(-180)).toBe(0);
    expect(lonToX(180)).toBe(1);
    expect(latToY(0)).toBeCloseTo(0.5, 12);
    expect(latToY(MERCATOR_MAX_LAT)).toBeCloseTo(0, 9);
    expect(latToY(90)).toBe(latToY(MERCATOR_MAX_LAT));
    for (const lat of [-60, -12.5, 0, 48.8584, 80]) expect(yToLat(latToY(lat))).toBeCloseTo(lat, 9);
    for (const lon of [-179, 0, 2.2945, 120]) expect(xToLon(lonToX(lon))).toBeCloseTo(lon, 9);
  });
});

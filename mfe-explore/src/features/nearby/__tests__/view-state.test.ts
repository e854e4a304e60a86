import { DEFAULT_CENTER, parseView, viewToSearch } from '../utils/view-state';

describe('view state in the URL', () => {
  it('parses, clamps and normalizes', () => {
    const v = parseView(
      new URLSearchParams('lat=48.8584&lon=2.2945&km=50&type=nature&q=%20%20Paris%20%20%20France%20'),
    );
    expect(v).toEqual({
      lat: 48.8584,
      lon: 2.2945,
      km: 20,
      type: 'scenery',
      q: 'Paris France',
      hasPoint: true,
    });
  });
  it('falls back to the default point and 5 km', () => {
    const v = parseView(new URLSearchParams('lat=abc'));
    expect(v).toMatchObject({ ...DEFAULT_CENTER, km: 5, type: 'all', q: '', hasPoint: false });
  });
  it('round-trips', () => {
    const s = viewToSearch({ lat: 1.234567, lon: 2, km: 3, type: 'museum', q: 'x' });
    expect(s).toBe('lat=1.23457&lon=2&km=3&type=museum&q=x');
    expect(parseView(new URLSearchParams(s))).toMatchObject({ lat: 1.23457, km: 3, type: 'museum', q: 'x' });
  });
});

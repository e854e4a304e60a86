import { parseLocation, splitPair } from '../station-location';

describe('parseLocation', () => {
  it('reads both numbers, or no location when both are empty', () => {
    expect(parseLocation({ latitude: ' 41.8986 ', longitude: '-12.5' })).toEqual({
      ok: true,
      latitude: 41.8986,
      longitude: -12.5,
    });
    expect(parseLocation({ latitude: '', longitude: '  ' })).toEqual({
      ok: true,
      latitude: null,
      longitude: null,
    });
    expect(parseLocation({ latitude: '90', longitude: '-180' })).toEqual({
      ok: true,
      latitude: 90,
      longitude: -180,
    });
  });
  it('refuses one without the other, words and out-of-range values with a message', () => {
    expect(parseLocation({ latitude: '41.9', longitude: '' })).toEqual({
      ok: false,
      error: 'Enter both latitude and longitude, or clear the location.',
    });
    expect(parseLocation({ latitude: '', longitude: '12' })).toMatchObject({ ok: false });
    expect(parseLocation({ latitude: 'north', longitude: '12' })).toEqual({
      ok: false,
      error: 'Latitude must be a decimal number, like 41.8986.',
    });
    expect(parseLocation({ latitude: '1e3', longitude: '12' })).toMatchObject({ ok: false });
    expect(parseLocation({ latitude: '90.01', longitude: '0' })).toEqual({
      ok: false,
      error: 'Latitude must be between -90 and 90.',
    });
    expect(parseLocation({ latitude: '0', longitude: '-180.5' })).toEqual({
      ok: false,
      error: 'Longitude must be between -180 and 180.',
    });
  });
});

describe('splitPair', () => {
  it('splits a pasted "lat, lon" pair and leaves a single number alone', () => {
    expect(splitPair('41.89861, 12.47687')).toEqual({ latitude: '41.89861', longitude: '12.47687' });
    expect(splitPair('-33.8568 151.2153')).toEqual({ latitude: '-33.8568', longitude: '151.2153' });
    expect(splitPair('41.89861')).toBeNull();
    expect(splitPair('41.')).toBeNull();
  });
});

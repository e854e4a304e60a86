import { GUESSED_BYTES, estimateBytes, packPlan } from '../pack-plan';

const base = {
  apiBase: 'http://api.test/',
  sightId: 'a b',
  latitude: 48.8584,
  longitude: 2.2945,
  language: 'fr',
  audio: [
    'http://api.test/guides/audio/1',
    'http://api.test/guides/audio/2',
    'http://api.test/guides/audio/1',
  ],
  photos: ['http://api.test/sights/images/file/p.jpg'],
  tileTemplate: 'https://tiles.test/{z}/{x}/{y}.png',
};

describe('packPlan', () => {
  it('holds each file at the URL the pages ask for: detail, comments, guide in its language, audio, photos, tiles', () => {
    const files = packPlan(base);
    expect(files.slice(0, 3)).toEqual([
      { url: 'http://api.test/sights/detail/a%20b', kind: 'data', auth: true, optional: false },
      { url: 'http://api.test/sights/a%20b/comments', kind: 'data', auth: true, optional: true },
      { url: 'http://api.test/sights/a%20b/guide?language=fr', kind: 'data', auth: true, optional: false },
    ]);
    expect(files.filter((f) => f.kind === 'audio').map((f) => f.url)).toEqual([
      'http://api.test/guides/audio/1',
      'http://api.test/guides/audio/2',
    ]);
    expect(files.filter((f) => f.kind === 'photo')).toHaveLength(1);
    expect(files.filter((f) => f.kind === 'tile')).toHaveLength(27);
    expect(files.filter((f) => f.kind === 'tile').every((f) => f.optional)).toBe(true);
  });

  it('has no guide without one in the language, and no tiles without a tile server', () => {
    const files = packPlan({ ...base, language: null, audio: [], tileTemplate: '' });
    expect(files.map((f) => f.kind)).toEqual(['data', 'data', 'photo']);
  });

  it('sizes a pack from what the servers said, guessing the rest', () => {
    const files = packPlan({ ...base, tileTemplate: '' });
    const known = new Map([
      ['http://api.test/guides/audio/1', 1000],
      ['http://api.test/guides/audio/2', 2000],
    ]);
    expect(estimateBytes(files, known)).toBe(3000 + 3 * GUESSED_BYTES.data + GUESSED_BYTES.photo);
  });
});

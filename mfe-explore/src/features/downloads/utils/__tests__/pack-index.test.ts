import type { OfflinePack } from '@wayfarer/contracts';
import { formatBytes, parseIndex, withPack, withoutPack } from '../pack-index';

const pack = (sightId: string, bytes = 10): OfflinePack => ({
  sightId,
  name: `Sight ${sightId}`,
  language: 'en',
  stations: 5,
  bytes,
  files: 3,
  savedAt: '2026-11-27T10:00:00.000Z',
});

describe('the offline pack index', () => {
  it('puts a new pack first and replaces an earlier download of the same sight', () => {
    const index = withPack(withPack({ packs: [] }, pack('a')), pack('b'));
    expect(index.packs.map((p) => p.sightId)).toEqual(['b', 'a']);
    expect(withPack(index, pack('a', 99)).packs.map((p) => [p.sightId, p.bytes])).toEqual([
      ['a', 99],
      ['b', 10],
    ]);
  });

  it('removes a deleted pack', () => {
    expect(withoutPack({ packs: [pack('a'), pack('b')] }, 'a').packs.map((p) => p.sightId)).toEqual(['b']);
  });

  it('reads anything unexpected as no packs, and drops malformed entries', () => {
    expect(parseIndex(null)).toEqual({ packs: [] });
    expect(parseIndex({ packs: 'x' })).toEqual({ packs: [] });
    expect(parseIndex({ packs: [pack('a'), { sightId: 1 }] }).packs).toHaveLength(1);
  });

  it('formats sizes in the traveller’s language', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte');
    expect(formatBytes(2_500_000, 'en')).toBe('2.5 MB');
    expect(formatBytes(2_500_000, 'fr')).toMatch(/^2,5\s?Mo$/);
  });
});

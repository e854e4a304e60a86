import {
  KEEP_PER_REMOTE,
  cacheForUrl,
  isRemoteFile,
  remoteCacheName,
  remoteFileUrls,
  updateIndex,
  type RemoteIndexEntry,
} from '../remote-caches';

const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js' } },
  exposes: [
    { assets: { js: { sync: ['js/expose-App.0123456789abcdef.js'], async: [] }, css: { sync: [] } } },
  ],
  shared: [{ assets: { js: { async: ['js/react.1111111111111111.js'] } } }],
  routes: { '/explore': ['js/page-explore.2222222222222222.js'] },
  files: ['js/page-explore.2222222222222222.js', 'js/locale-fr.3333333333333333.js', '../escape.js'],
};

describe('remote precache rules', () => {
  it('lists every file of the build under the map base: entry, manifest, exposes, shared copies, routes and lazy chunks', () => {
    expect(remoteFileUrls('https://cdn.test/releases/2.0.0/', manifest)).toEqual([
      'https://cdn.test/releases/2.0.0/remoteEntry.js',
      'https://cdn.test/releases/2.0.0/mf-manifest.json',
      'https://cdn.test/releases/2.0.0/js/expose-App.0123456789abcdef.js',
      'https://cdn.test/releases/2.0.0/js/react.1111111111111111.js',
      'https://cdn.test/releases/2.0.0/js/page-explore.2222222222222222.js',
      'https://cdn.test/releases/2.0.0/js/locale-fr.3333333333333333.js',
    ]);
  });

  it('names one cache per remote build: the version and the digest of its manifest', () => {
    expect(remoteCacheName('explore', '2.0.0-rc/1', 'abcdef0123456789ffff')).toBe(
      'wf-remote-explore-2.0.0-rc_1-abcdef0123456789',
    );
    expect(remoteCacheName('explore', null, 'ab')).toBe('wf-remote-explore-current-ab');
  });

  const e = (cache: string, at: number, base = 'https://x.test/r'): RemoteIndexEntry => ({
    name: 'marketing',
    base,
    cache,
    at,
  });

  it('keeps the newest build and the one an open tab may still run, and lets older ones of that remote go', () => {
    const other = { name: 'explore', base: 'https://e.test', cache: 'wf-remote-explore-current-1', at: 1 };
    const index = [e('wf-remote-marketing-1-a', 1), e('wf-remote-marketing-2-b', 2), other];
    const next = e('wf-remote-marketing-3-c', 3, 'https://x.test/r/');
    const { index: kept, drop } = updateIndex(index, next, [
      'wf-remote-marketing-1-a',
      'wf-remote-marketing-2-b',
      'wf-remote-marketing-3-c',
      'wf-remote-explore-current-1',
      'wf-pack-123',
    ]);
    expect(kept.filter((x) => x.name === 'marketing').map((x) => x.cache)).toEqual([
      'wf-remote-marketing-3-c',
      'wf-remote-marketing-2-b',
    ]);
    expect(kept.filter((x) => x.name === 'marketing')).toHaveLength(KEEP_PER_REMOTE);
    expect(kept).toContainEqual(other);
    expect(drop).toEqual(['wf-remote-marketing-1-a']);
  });

  it('asking again for a build already cached refreshes it instead of duplicating it', () => {
    const { index, drop } = updateIndex([e('c1', 1), e('c2', 2)], e('c1', 5), ['c1', 'c2']);
    expect(index.map((x) => [x.cache, x.at])).toEqual([
      ['c1', 5],
      ['c2', 2],
    ]);
    expect(drop).toEqual([]);
  });

  it('serves a URL from the newest build at the longest base it is under', () => {
    const index = [
      e('root-old', 1, 'https://m.test'),
      e('root-new', 2, 'https://m.test'),
      e('v2', 1, 'https://m.test/releases/2.0.0'),
    ];
    expect(cacheForUrl(index, 'https://m.test/remoteEntry.js')?.cache).toBe('root-new');
    expect(cacheForUrl(index, 'https://m.test/releases/2.0.0/remoteEntry.js')?.cache).toBe('v2');
    expect(cacheForUrl(index, 'https://other.test/remoteEntry.js')).toBeNull();
  });

  it("recognises a remote's own files: entry, manifest and content-hashed chunks only", () => {
    expect(isRemoteFile('/remoteEntry.js')).toBe(true);
    expect(isRemoteFile('/releases/1.0.0/mf-manifest.json')).toBe(true);
    expect(isRemoteFile('/js/page-explore.0123456789abcdef.js')).toBe(true);
    expect(isRemoteFile('/sights/detail/1')).toBe(false);
    expect(isRemoteFile('/js/main.js')).toBe(false);
  });
});

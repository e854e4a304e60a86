import type { RemoteMap } from '@wayfarer/contracts';
import { completeOfflineMap, versionOfCache } from '../offline-map';

/** An offline start runs the newest whole cached build of a remote the remote map names a missing one of. */
const map: RemoteMap = {
  explore: 'http://x.test:3001',
  account: 'http://x.test:3002/',
  marketing: 'http://x.test:3003/releases/3.0.0',
  admin: 'http://x.test:3004',
};
const entry = (name: string, base: string, cache: string, at: number) => ({ name, base, cache, at });

test('a remote whose named build is indexed (trailing slashes aside) keeps it', () => {
  const index = [
    entry('explore', 'http://x.test:3001', 'wf-remote-explore-current-0123456789abcdef', 5),
    entry('account', 'http://x.test:3002', 'wf-remote-account-current-0123456789abcdef', 1),
    entry('account', 'http://x.test:3002/releases/9', 'wf-remote-account-9-0123456789abcdef', 9),
  ];
  expect(completeOfflineMap(map, index)).toEqual({ map, versions: {} });
});

test("a named build missing from the index: the remote's newest indexed build, with its version", () => {
  const index = [
    entry('marketing', 'http://x.test:3003/releases/1.0.0', 'wf-remote-marketing-1.0.0-0123456789abcdef', 1),
    entry(
      'marketing',
      'http://x.test:3003/releases/2.0.0-rc.1',
      'wf-remote-marketing-2.0.0-rc.1-fedcba9876543210',
      2,
    ),
    entry('admin', 'http://x.test:3004/releases/1', 'wf-remote-admin-current-fedcba9876543210', 3),
  ];
  const { map: next, versions } = completeOfflineMap(map, index);
  expect(next).toEqual({
    ...map,
    marketing: 'http://x.test:3003/releases/2.0.0-rc.1',
    admin: 'http://x.test:3004/releases/1',
  });
  expect(versions).toEqual({ marketing: '2.0.0-rc.1', admin: null });
  // The map it was given is left as it was.
  expect(map.marketing).toBe('http://x.test:3003/releases/3.0.0');
});

test('a remote with no cached build at all stays as named (its boundary says it needs a connection)', () => {
  expect(completeOfflineMap(map, [])).toEqual({ map, versions: {} });
});

test('versionOfCache reads the registry version out of a cache name', () => {
  expect(versionOfCache('marketing', 'wf-remote-marketing-2.0.0-offline-x1-0123456789abcdef')).toBe(
    '2.0.0-offline-x1',
  );
  expect(versionOfCache('marketing', 'wf-remote-marketing-current-0123456789abcdef')).toBeNull();
  expect(versionOfCache('marketing', 'wf-remote-admin-1.0.0-0123456789abcdef')).toBeNull();
});

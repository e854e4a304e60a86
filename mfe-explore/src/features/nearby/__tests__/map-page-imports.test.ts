import { jest } from '@jest/globals';

// nearby -> sight-detail -> nearby: the map page's enrichment once imported the sight-detail feature's index,
// which pulled the whole detail page (guide player, comments, photos) into the map page's chunk.
let detailPageLoaded = false;
jest.unstable_mockModule('../../sight-detail/sight-detail-page', async () => {
  detailPageLoaded = true;
  return { SightDetailPage: () => null };
});

test('the map page’s code does not load the sight detail page', async () => {
  const mod = await import('../explore-page');
  expect(typeof mod.ExplorePage).toBe('function');
  expect(detailPageLoaded).toBe(false);
});

import { describe, expect, it } from '@jest/globals';
import { findRoute, matchRoutePath } from '../routes';

describe('matchRoutePath', () => {
  it("returns the pattern's :name values, percent-decoded", () => {
    expect(matchRoutePath('/news/:newsId', '/news/hello%20world')).toEqual({ newsId: 'hello world' });
    expect(matchRoutePath('/explore/:placeId', '/explore/42/')).toEqual({ placeId: '42' });
    expect(matchRoutePath('/news', '/news')).toEqual({});
  });

  it('does not match other lengths, other literals or an empty parameter', () => {
    expect(matchRoutePath('/news/:newsId', '/news')).toBeNull();
    expect(matchRoutePath('/news/:newsId', '/news/1/2')).toBeNull();
    expect(matchRoutePath('/news', '/about')).toBeNull();
    expect(matchRoutePath('/news/:newsId', '/news/')).toBeNull();
  });

  it('keeps a segment with a malformed escape as written instead of throwing, as react-router does', () => {
    expect(matchRoutePath('/news/:newsId', '/news/%E0')).toEqual({ newsId: '%E0' });
    expect(matchRoutePath('/explore/:placeId', '/explore/%E0%A4%A')).toEqual({ placeId: '%E0%A4%A' });
  });
});

describe('findRoute', () => {
  it('finds the remote of an address with a malformed escape (the page then shows its not-found)', () => {
    expect(findRoute('/explore/%E0')?.remote).toBe('explore');
    expect(findRoute('/news/%E0')?.remote).toBe('marketing');
    expect(findRoute('/nowhere/%E0')).toBeUndefined();
  });
});

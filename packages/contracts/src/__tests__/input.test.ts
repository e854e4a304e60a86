import { describe, expect, it } from '@jest/globals';
import { CommentInput, NewsInput, PresenceInput, RoadmapInput } from '../api/index';
import { AdminSightSearchQuery } from '../api/admin';
import { int, PG_INT_RANGE, queryInt, text, unsafeTextReason } from '../api/input';

describe('text()', () => {
  it('refuses NUL and unpaired surrogates, keeps pairs and everything else', () => {
    for (const bad of [
      'a\u0000b',
      '\u0000',
      '\ud800',
      'x\ud800x',
      '\udc00',
      'x\udfffx',
      '😀\ud83d',
      '\ude00😀',
    ]) {
      expect(text().safeParse(bad).success).toBe(false);
      expect(unsafeTextReason(bad)).not.toBeNull();
    }
    for (const ok of ['', 'plain', '😀', 'Zürich 東京 😀😀', '\uffff', 'a\tb\r\n']) {
      expect(text().safeParse(ok).success).toBe(true);
      expect(unsafeTextReason(ok)).toBeNull();
    }
    expect(unsafeTextReason('a\u0000b')).toMatch(/NUL/);
    expect(unsafeTextReason('\ud800')).toMatch(/surrogate/);
  });

  it('checks a megabyte of text without exhausting the regular-expression stack', () => {
    expect(text().safeParse('a'.repeat(1_000_000) + '😀'.repeat(100_000)).success).toBe(true);
    expect(text().safeParse('a'.repeat(1_000_000) + '\u0000').success).toBe(false);
  });

  it('names the field in the request schemas', () => {
    const r = PresenceInput.safeParse({ session_id: 'x', path: '\ud800x' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['path']);
    expect(CommentInput.safeParse({ body: 'a\u0000b' }).error?.issues[0]?.path).toEqual(['body']);
    expect(NewsInput.safeParse({ title: 'News \ud800' }).error?.issues[0]?.path).toEqual(['title']);
  });
});

describe('int() and queryInt()', () => {
  it('hold a value to its column type', () => {
    const [min, max] = PG_INT_RANGE.integer;
    expect(int().safeParse(max).success).toBe(true);
    expect(int().safeParse(min).success).toBe(true);
    expect(int().safeParse(max + 1).success).toBe(false);
    expect(int().safeParse(min - 1).success).toBe(false);
    expect(int('smallint').safeParse(32_768).success).toBe(false);
    expect(int('bigint').safeParse(Number.MAX_SAFE_INTEGER).success).toBe(true);
    expect(int('bigint').safeParse(Number.MAX_SAFE_INTEGER + 2).success).toBe(false);
    expect(int().safeParse(1.5).success).toBe(false);
    expect(int().safeParse(Infinity).success).toBe(false);
    expect(queryInt().safeParse('12').data).toBe(12);
    for (const bad of ['1e15', 'NaN', 'Infinity', '-Infinity', 'abc', '2147483648'])
      expect(queryInt().safeParse(bad).success).toBe(false);
  });

  it('bounds the schemas the issue reproduced', () => {
    const r = RoadmapInput.safeParse(JSON.parse('{"title":"Big","position_order":9007199254740993}'));
    expect(r.error?.issues[0]).toMatchObject({
      path: ['position_order'],
      message: 'must be at most 2147483647',
    });
    expect(AdminSightSearchQuery.safeParse({ page: '1e15' }).error?.issues[0]?.path).toEqual(['page']);
    expect(CommentInput.safeParse({ body: 'x', rating: 9e15 }).success).toBe(false);
  });
});

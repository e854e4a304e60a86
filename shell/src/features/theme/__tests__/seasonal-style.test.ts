import { seasonalStyle } from '@wayfarer/session';

describe('seasonalStyle (spec point 4 name rules)', () => {
  it.each([
    ['christmas', 'christmas'],
    ['Christmas 2025', 'christmas'],
    ['winter-wonderland', 'christmas'],
    ['WINTER', 'christmas'],
    ['halloween', 'halloween'],
    ['Spooky season', 'halloween'],
    ['theme-halloween', 'halloween'],
    ['summer', null],
    ['theme-dark', null],
    ['', null],
  ])('%s → %s', (name, style) => {
    expect(seasonalStyle(name)).toBe(style);
  });

  it('treats a missing name as no overlay', () => {
    expect(seasonalStyle(null)).toBeNull();
    expect(seasonalStyle(undefined)).toBeNull();
  });
});

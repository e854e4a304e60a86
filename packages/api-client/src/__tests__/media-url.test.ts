import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { RUNTIME_CONFIG_GLOBAL } from '@wayfarer/contracts';
import { mediaUrl } from '../media-ingest';

const g = globalThis as unknown as Record<string, unknown>;
beforeEach(() => {
  g.window = {
    location: { hostname: 'localhost' },
    [RUNTIME_CONFIG_GLOBAL]: { apiUrl: 'http://localhost:4123' },
  };
});
afterEach(() => {
  delete g.window;
});

it('puts the API base before an API-relative media path, with or without its leading slash', () => {
  expect(mediaUrl('/guides/audio/g1/0.mp3')).toBe('http://localhost:4123/guides/audio/g1/0.mp3');
  expect(mediaUrl('sights/images/file/a.webp')).toBe('http://localhost:4123/sights/images/file/a.webp');
});

it('keeps absolute, data: and blob: URLs, and gives null for no URL', () => {
  for (const u of [
    'https://upload.wikimedia.org/a.jpg',
    'HTTP://x.test/b',
    'data:image/png;base64,AA',
    'blob:http://localhost/1',
  ])
    expect(mediaUrl(u)).toBe(u);
  expect(mediaUrl(null)).toBeNull();
  expect(mediaUrl(undefined)).toBeNull();
  expect(mediaUrl('')).toBeNull();
});

import { checkAvatarFile, cropRect } from '../crop';

describe('cropRect', () => {
  it('takes the largest centred square at zoom 1', () => {
    expect(cropRect(400, 300, { zoom: 1, x: 0, y: 0 })).toEqual({ sx: 50, sy: 0, size: 300 });
    expect(cropRect(300, 500, { zoom: 1, x: 0, y: 0 })).toEqual({ sx: 0, sy: 100, size: 300 });
  });

  it('moves the square to the edges and shrinks it when zooming, never leaving the image', () => {
    expect(cropRect(400, 300, { zoom: 1, x: -1, y: 0 })).toEqual({ sx: 0, sy: 0, size: 300 });
    expect(cropRect(400, 300, { zoom: 1, x: 1, y: 0 })).toEqual({ sx: 100, sy: 0, size: 300 });
    expect(cropRect(400, 300, { zoom: 2, x: 1, y: 1 })).toEqual({ sx: 250, sy: 150, size: 150 });
    // Out-of-range values are clamped.
    expect(cropRect(400, 300, { zoom: 10, x: 5, y: -5 })).toEqual({ sx: 300, sy: 0, size: 100 });
  });
});

describe('checkAvatarFile', () => {
  it('accepts images up to 10 MB only', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkAvatarFile({ type: 'application/pdf', size: 1000 })).toBe(
      'Choose a JPEG, PNG, WebP or GIF image.',
    );
    expect(checkAvatarFile({ type: 'image/jpeg', size: 11 * 1024 * 1024 })).toBe(
      'The image is larger than 10 MB.',
    );
  });
});

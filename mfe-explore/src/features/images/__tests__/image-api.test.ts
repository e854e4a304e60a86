import { checkImageFile, MAX_IMAGE_BYTES } from '../image-api';

it('accepts JPEG/PNG/WebP up to 10 MB only', () => {
  expect(checkImageFile({ type: 'image/png', size: 10 })).toBeNull();
  expect(checkImageFile({ type: 'image/webp', size: MAX_IMAGE_BYTES })).toBeNull();
  expect(checkImageFile({ type: 'image/gif', size: 10 })).toMatch(/JPEG, PNG or WebP/);
  expect(checkImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toMatch(/10 MB/);
});

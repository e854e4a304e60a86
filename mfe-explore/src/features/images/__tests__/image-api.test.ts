import { checkImageFile, MAX_IMAGE_BYTES, uploadFailedMessage } from '../api/image-api';

it('accepts JPEG/PNG/WebP up to 10 MB only', () => {
  expect(checkImageFile({ type: 'image/png', size: 10 })).toBeNull();
  expect(checkImageFile({ type: 'image/webp', size: MAX_IMAGE_BYTES })).toBeNull();
  expect(checkImageFile({ type: 'image/gif', size: 10 })).toMatch(/JPEG, PNG or WebP/);
  expect(checkImageFile({ type: 'text/plain', size: 10, name: 'notes.png' })).toBe(
    'Choose a JPEG, PNG or WebP image.',
  );
  expect(checkImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe(
    'The image is larger than 10 MB.',
  );
  expect(checkImageFile({ type: 'image/jpeg', size: 0 })).toBe('The image file is empty.');
});

it('falls back to the file name when the browser reports no type', () => {
  expect(checkImageFile({ type: '', size: 10, name: 'IMG_0001.JPG' })).toBeNull();
  expect(checkImageFile({ type: '', size: 10, name: 'photo.webp' })).toBeNull();
  expect(checkImageFile({ type: '', size: 10, name: 'photo.heic' })).toMatch(/JPEG, PNG or WebP/);
  expect(checkImageFile({ type: '', size: 10 })).toMatch(/JPEG, PNG or WebP/);
});

it("says 'Upload failed', with the server's reason when there is one", () => {
  expect(uploadFailedMessage(null)).toBe('Upload failed');
  expect(uploadFailedMessage('  ')).toBe('Upload failed');
  expect(uploadFailedMessage('Upload failed')).toBe('Upload failed');
  expect(uploadFailedMessage('Only JPEG, PNG or WebP images are accepted')).toBe(
    'Upload failed: Only JPEG, PNG or WebP images are accepted',
  );
});

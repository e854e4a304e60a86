import sharp from 'sharp';

/**
 * A camera photo as a phone uploads it: a JPEG whose EXIF names the camera ('TrackerCam') and the place it was taken
 * (GPS, near the Eiffel Tower), for tests that check the stored or served picture carries neither.
 */
export function jpegWithGps(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TrackerCam', Copyright: 'Somebody' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2950/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4000/100',
      },
    })
    .toBuffer();
}

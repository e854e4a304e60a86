import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { badRequest } from '../http/errors';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The image type from the file's first bytes (never from its name or declared type). */
export function sniffImage(b: Buffer): ImageKind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** Longest side of a stored sight image, in pixels. */
export const MAX_IMAGE_SIDE = 2048;
/** Longest side of a stored avatar, in pixels (shown at most a few hundred pixels wide). */
export const MAX_AVATAR_SIDE = 512;
/** Decoding more pixels than this is refused (decompression bombs). */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ProcessedImage {
  bytes: Buffer;
  mime: 'image/webp';
  ext: 'webp';
  width: number;
  height: number;
  /** sha256 of the uploaded bytes (hex). */
  sha256: string;
}

/**
 * Checks an upload by content and re-encodes it: EXIF orientation applied, metadata (GPS included) dropped, resized to
 * fit `maxSide` (MAX_IMAGE_SIDE for sight photos, MAX_AVATAR_SIDE for avatars), stored as WebP. 400 with a message
 * for anything that is not a readable JPEG, PNG or WebP.
 */
export async function processUpload(input: Buffer, maxSide = MAX_IMAGE_SIDE): Promise<ProcessedImage> {
  if (!input.length) throw badRequest('The image file is empty');
  const kind = sniffImage(input);
  if (!kind) throw badRequest('Only JPEG, PNG or WebP images are accepted');
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      mime: 'image/webp',
      ext: 'webp',
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(input).digest('hex'),
    };
  } catch (err) {
    const m = (err as Error).message ?? '';
    if (/pixel limit/i.test(m)) throw badRequest('The image has too many pixels');
    throw badRequest(`The file is not a readable ${kind.toUpperCase()} image`);
  }
}

/** Square-crop geometry for the avatar editor, pure so it can be unit-tested. */
export interface CropState {
  /** 1 = the largest square that fits; up to 3 = zoomed in. */
  zoom: number;
  /** -1..1: where the square sits along the free horizontal / vertical room (0 = centred). */
  x: number;
  y: number;
}

export interface SourceRect {
  sx: number;
  sy: number;
  size: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The square of the source image that ends up in the avatar. */
export function cropRect(width: number, height: number, c: CropState): SourceRect {
  const size = Math.min(width, height) / clamp(c.zoom, 1, 3);
  const freeX = width - size;
  const freeY = height - size;
  return {
    sx: Math.round((freeX / 2) * (1 + clamp(c.x, -1, 1))),
    sy: Math.round((freeY / 2) * (1 + clamp(c.y, -1, 1))),
    size: Math.round(size),
  };
}

export const AVATAR_SIZE = 256;
export const MAX_SOURCE_BYTES = 10 * 1024 * 1024;

/** A reason to refuse a chosen file, or null. */
export function checkAvatarFile(file: { type: string; size: number }): string | null {
  if (!/^image\/(jpeg|png|webp|gif)$/.test(file.type)) return 'Choose a JPEG, PNG, WebP or GIF image.';
  if (file.size > MAX_SOURCE_BYTES) return 'The image is larger than 10 MB.';
  return null;
}

/** Draws the cropped square of `img` onto `canvas` at `size` pixels; false where the browser has no 2D canvas. */
export function drawCrop(
  canvas: HTMLCanvasElement | null,
  img: HTMLImageElement,
  crop: CropState,
  size: number,
): boolean {
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) return false;
  canvas.width = size;
  canvas.height = size;
  const r = cropRect(img.naturalWidth, img.naturalHeight, crop);
  ctx.clearRect(0, 0, size, size);
  ctx.drawImage(img, r.sx, r.sy, r.size, r.size, 0, 0, size, size);
  return true;
}

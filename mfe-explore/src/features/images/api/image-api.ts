import { ApiError, signSightImage, uploadSightImageWithProgress } from '@wayfarer/api-client';
import { IMAGE_UPLOAD_LIMITS } from '@wayfarer/contracts/browser';
import type { ImageUploadResponse } from '@wayfarer/contracts';
import { tExplore } from '../../../i18n';

/** The shared zod schema of the answer, loaded with the first upload (it keeps zod out of the page's first load). */
const uploadResponseSchema = () => import('@wayfarer/contracts').then((m) => m.ImageUploadResponse);

export const MAX_IMAGE_BYTES = IMAGE_UPLOAD_LIMITS.maxBytes;
export const IMAGE_TYPES: readonly string[] = IMAGE_UPLOAD_LIMITS.types;
/** File name endings accepted when the browser reports no type (some drag sources and systems leave it empty). */
const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

/** Checked before upload; null when acceptable, else why not (in the page's language). */
export function checkImageFile(f: { type: string; size: number; name?: string }): string | null {
  const typed = f.type ? IMAGE_TYPES.includes(f.type.toLowerCase()) : IMAGE_EXTENSIONS.test(f.name ?? '');
  if (!typed) return tExplore('images.badType');
  if (f.size === 0) return tExplore('images.empty');
  if (f.size > MAX_IMAGE_BYTES) return tExplore('images.tooLarge');
  return null;
}

/**
 * The message shown when an upload fails: the spec's 'Upload failed' (in the page's language), with the server's
 * reason (as the server sent it) when it gave one.
 */
export function uploadFailedMessage(reason: string | null | undefined): string {
  const r = reason?.trim();
  const failed = tExplore('images.uploadFailed');
  return r && r !== 'Upload failed' && r !== failed
    ? tExplore('images.uploadFailedReason', { reason: r })
    : failed;
}

export class UploadError extends Error {
  constructor(
    readonly reason: string | null,
    readonly status: number,
  ) {
    super(uploadFailedMessage(reason));
    this.name = 'UploadError';
  }
}

/**
 * POST /sights/{id}/images as multipart field `image`, with its progress. Resolves with the pending image (checked
 * against the shared schema); rejects with an UploadError.
 */
export async function uploadImage(
  sightId: string,
  token: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ImageUploadResponse> {
  const schema = uploadResponseSchema();
  let body: unknown;
  try {
    body = await uploadSightImageWithProgress(sightId, file, token, onProgress);
  } catch (e) {
    throw e instanceof ApiError ? new UploadError(e.message, e.status) : e;
  }
  let parsed;
  try {
    parsed = (await schema).safeParse(body);
  } catch {
    throw new UploadError(tExplore('images.answerUnchecked'), 200);
  }
  if (!parsed.success) throw new UploadError(tExplore('images.answerUnexpected'), 200);
  return parsed.data;
}

/** GET /sights/images/sign/{path} → url; 'Failed to sign image URL: {status text}' on failure. */
export async function signImagePath(path: string, token: string | null): Promise<string> {
  let body: { url?: string };
  try {
    body = await signSightImage(path, token);
  } catch (e) {
    if (e instanceof ApiError)
      throw new Error(tExplore('images.signFailed', { status: e.statusText || e.status }));
    throw e;
  }
  if (!body.url) throw new Error(tExplore('images.signFailed', { status: 'no url' }));
  return body.url;
}

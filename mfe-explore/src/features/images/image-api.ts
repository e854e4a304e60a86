import { deleteSightImage, errorMessage, fetchWithReadRetry, parseBody, resolveApiBase } from '@wayfarer/api-client';
import { IMAGE_UPLOAD_LIMITS } from '@wayfarer/contracts/browser';
import type { ImageUploadResponse } from '@wayfarer/contracts';

/** The shared zod schema of the answer, loaded with the first upload (it keeps zod out of the page's first load). */
const uploadResponseSchema = () => import('@wayfarer/contracts').then((m) => m.ImageUploadResponse);

export const MAX_IMAGE_BYTES = IMAGE_UPLOAD_LIMITS.maxBytes;
export const IMAGE_TYPES: readonly string[] = IMAGE_UPLOAD_LIMITS.types;
/** File name endings accepted when the browser reports no type (some drag sources and systems leave it empty). */
const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

/** Checked before upload; null when acceptable. */
export function checkImageFile(f: { type: string; size: number; name?: string }): string | null {
  const typed = f.type ? IMAGE_TYPES.includes(f.type.toLowerCase()) : IMAGE_EXTENSIONS.test(f.name ?? '');
  if (!typed) return 'Choose a JPEG, PNG or WebP image.';
  if (f.size === 0) return 'The image file is empty.';
  if (f.size > MAX_IMAGE_BYTES) return 'The image is larger than 10 MB.';
  return null;
}

/** The message shown when an upload fails: the spec's 'Upload failed', with the server's reason when it gave one. */
export function uploadFailedMessage(reason: string | null | undefined): string {
  const r = reason?.trim();
  return r && r !== 'Upload failed' ? `Upload failed: ${r}` : 'Upload failed';
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
 * POST /sights/{id}/images as multipart field `image`; XHR (not fetch) so the upload progress is observable.
 * Resolves with the pending image (checked against the shared schema); rejects with an UploadError.
 */
export function uploadImage(
  sightId: string,
  token: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ImageUploadResponse> {
  const schema = uploadResponseSchema();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${resolveApiBase()}/sights/${encodeURIComponent(sightId)}/images`);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        schema.then(
          (s) => {
            const parsed = s.safeParse(body);
            if (parsed.success) resolve(parsed.data);
            else reject(new UploadError('unexpected answer from the server', xhr.status));
          },
          () => reject(new UploadError('could not check the answer (a part of the page did not load)', xhr.status)),
        );
      } else reject(new UploadError(errorMessage(body, xhr.statusText), xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('network error', 0));
    xhr.ontimeout = () => reject(new UploadError('timed out', 0));
    xhr.timeout = 120_000;
    const fd = new FormData();
    fd.append(IMAGE_UPLOAD_LIMITS.field, file, file.name || 'image');
    xhr.send(fd);
  });
}

/** DELETE /sights/{id}/images/{imageId} (the uploader or an admin). */
export function deleteImage(sightId: string, imageId: string, token: string) {
  return deleteSightImage(sightId, imageId, token);
}

/** GET /sights/images/sign/{path} → url; 'Failed to sign image URL: {status text}' on failure. */
export async function signImagePath(path: string, token: string | null): Promise<string> {
  const res = await fetchWithReadRetry(`${resolveApiBase()}/sights/images/sign/${path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/')}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`Failed to sign image URL: ${res.statusText || res.status}`);
  const body = parseBody(await res.text()) as { url?: string };
  if (!body.url) throw new Error(`Failed to sign image URL: ${res.statusText || 'no url'}`);
  return body.url;
}

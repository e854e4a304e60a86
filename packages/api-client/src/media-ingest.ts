import type {
  ImageDeleteResponse,
  ImageUploadResponse,
  SightImagesResponse,
  SightIngestInput,
  SightIngestResponse,
  SignedUrlResponse,
} from '@wayfarer/contracts';
import { ApiError, errorMessage, parseBody, qs, request, resolveApiBase } from './request';

type Token = string | null | undefined;
const seg = (p: string) => p.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');

/** POST /sights/ingest (spec point 7, time-out 60 s): widen the stored sights around a point from the map data. */
export const ingestSights = (body: SightIngestInput, token: Token, signal?: AbortSignal) =>
  request<SightIngestResponse>('/sights/ingest', {
    method: 'POST',
    json: body,
    token: token ?? undefined,
    timeoutMs: 60_000,
    signal,
  });

/**
 * POST /sights/{id}/images, multipart field `image` (JPEG, PNG or WebP, at most 10 MB). Answers the pending image
 * with a signed URL. (A caller that needs upload progress sends the same form with XMLHttpRequest.)
 */
export function uploadSightImage(sightId: string, file: Blob, token: Token, fileName = 'image') {
  const form = new FormData();
  form.append('image', file, fileName);
  return request<ImageUploadResponse>(`/sights/${encodeURIComponent(sightId)}/images`, {
    method: 'POST',
    body: form,
    token: token ?? undefined,
    timeoutMs: 120_000,
  });
}

/**
 * The same upload with its progress (0-1) reported: XMLHttpRequest, since fetch reports no upload progress. Resolves
 * with the answer's body (unchecked); rejects with an ApiError: the server's message and status, or status 0 with
 * 'network error' or 'timed out'.
 */
export function uploadSightImageWithProgress(
  sightId: string,
  file: File,
  token: Token,
  onProgress: (fraction: number) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${resolveApiBase()}/sights/${encodeURIComponent(sightId)}/images`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(new ApiError(errorMessage(body, xhr.statusText), xhr.status, body, xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiError('network error', 0, null));
    xhr.ontimeout = () => reject(new ApiError('timed out', 0, null));
    xhr.timeout = 120_000;
    const form = new FormData();
    form.append('image', file, file.name || 'image');
    xhr.send(form);
  });
}

/** DELETE /sights/{id}/images/{imageId}: the uploader or an admin. */
export const deleteSightImage = (sightId: string, imageId: string, token: Token) =>
  request<ImageDeleteResponse>(
    `/sights/${encodeURIComponent(sightId)}/images/${encodeURIComponent(imageId)}`,
    {
      method: 'DELETE',
      token: token ?? undefined,
    },
  );

/** GET /sights/{id}/images: approved images, plus the caller's own pending and rejected ones. */
export const listSightImages = (sightId: string, token?: Token) =>
  request<SightImagesResponse>(`/sights/${encodeURIComponent(sightId)}/images`, {
    token: token ?? undefined,
  });

/** GET /sights/images/sign/{path}: a signed, expiring URL for a stored image (pending ones only for uploader or admin). */
export const signSightImage = (storagePath: string, token?: Token) =>
  request<SignedUrlResponse>(`/sights/images/sign/${seg(storagePath)}`, { token: token ?? undefined });

/** GET /media/sign?media_id: the same for an image id (or storage path). */
export const signMedia = (mediaId: string, token?: Token) =>
  request<SignedUrlResponse>(`/media/sign?${qs({ media_id: mediaId })}`, { token: token ?? undefined });

/**
 * A media URL the API answered (absolute, or API-relative like '/sights/images/file/…') made loadable by the browser;
 * no URL (null, undefined, empty) gives null.
 */
export function mediaUrl(u: string): string;
export function mediaUrl(u: string | null | undefined): string | null;
export function mediaUrl(u: string | null | undefined): string | null {
  if (!u) return null;
  return /^(https?:|data:|blob:)/i.test(u) ? u : `${resolveApiBase()}${u.startsWith('/') ? '' : '/'}${u}`;
}

import { request, resolveApiBase, errorMessage, parseBody } from '@wayfarer/api-client';
import type { SightImage } from '../sight-detail/types';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Checked before upload; null when acceptable. */
export function checkImageFile(f: { type: string; size: number }): string | null {
  if (!IMAGE_TYPES.includes(f.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (f.size > MAX_IMAGE_BYTES) return 'The image is larger than 10 MB.';
  return null;
}

/** POST /sights/{id}/images as multipart field `image`; XHR so upload progress is observable. */
export function uploadImage(
  sightId: string,
  token: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ image?: SightImage } & Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${resolveApiBase()}/sights/${encodeURIComponent(sightId)}/images`);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as Record<string, unknown>);
      else reject(new Error(errorMessage(body, 'Upload failed')));
    };
    xhr.onerror = () => reject(new Error('Upload failed'));
    xhr.ontimeout = () => reject(new Error('Upload failed'));
    xhr.timeout = 120_000;
    const fd = new FormData();
    fd.append('image', file);
    xhr.send(fd);
  });
}

export async function deleteImage(sightId: string, imageId: string, token: string) {
  return request(`/sights/${encodeURIComponent(sightId)}/images/${encodeURIComponent(imageId)}`, {
    method: 'DELETE',
    token,
  });
}

/** GET /sights/images/sign/{path} → url; 'Failed to sign image URL: {status text}' on failure. */
export async function signImagePath(path: string, token: string | null): Promise<string> {
  const res = await fetch(`${resolveApiBase()}/sights/images/sign/${path.split('/').map(encodeURIComponent).join('/')}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`Failed to sign image URL: ${res.statusText || res.status}`);
  const body = parseBody(await res.text()) as { url?: string };
  if (!body.url) throw new Error(`Failed to sign image URL: ${res.statusText || 'no url'}`);
  return body.url;
}

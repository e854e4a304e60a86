import { errorMessage, parseBody, resolveApiBase } from '@wayfarer/api-client';

/**
 * PUT /users/me/avatar through XMLHttpRequest, because fetch cannot report upload progress. Errors carry the
 * server's message the way the shared request helper extracts it.
 */
export function uploadAvatar(image: string, token: string, onProgress: (pct: number) => void): Promise<{ avatar_url: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${resolveApiBase()}/users/me/avatar`);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.timeout = 60_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress((e.loaded / e.total) * 100);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as { avatar_url: string });
      } else reject(new Error(errorMessage(body, xhr.statusText) || 'Upload failed'));
    };
    xhr.onerror = () => reject(new Error('Upload failed'));
    xhr.ontimeout = () => reject(new Error('Upload failed: the server took too long'));
    xhr.send(JSON.stringify({ image }));
  });
}

import { useEffect, useId, useRef, useState } from 'react';
import { errorText } from '@wayfarer/api-client';
import { ErrorBox, InfoBox, ProgressBar } from '@wayfarer/ui';
import { Field } from '@wayfarer/ui/forms';
import { useDeleteAvatar, useUploadAvatar } from '../api/profile-queries';
import { AVATAR_SIZE, checkAvatarFile, cropRect, type CropState } from '../utils/crop';

const PREVIEW = 160;

function draw(
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

/** Avatar: choose an image, crop it to a square (zoom and position), upload with a progress bar, or remove it. */
export function AvatarSection({ userId, avatarUrl }: { userId: string; avatarUrl: string | null }) {
  const fileId = useId();
  const uploadAvatar = useUploadAvatar(userId);
  const deleteAvatar = useDeleteAvatar(userId);
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const objectUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  useEffect(() => {
    if (img) draw(preview.current, img, crop, PREVIEW);
  }, [img, crop]);

  const choose = (file: File | undefined) => {
    setError(null);
    setInfo(null);
    if (!file) return;
    const bad = checkAvatarFile(file);
    if (bad) {
      setError(bad);
      return;
    }
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = URL.createObjectURL(file);
    const el = new Image();
    el.onload = () => {
      setCrop({ zoom: 1, x: 0, y: 0 });
      setImg(el);
    };
    el.onerror = () => setError('That file could not be read as an image.');
    el.src = objectUrl.current;
  };

  const upload = async () => {
    if (!img) return;
    setError(null);
    setInfo(null);
    const canvas = document.createElement('canvas');
    if (!draw(canvas, img, crop, AVATAR_SIZE)) {
      setError('This browser cannot crop images.');
      return;
    }
    const dataUrl = canvas.toDataURL('image/jpeg', 0.88);
    setProgress(0);
    try {
      await uploadAvatar.mutateAsync({ image: dataUrl, onProgress: setProgress });
      setImg(null);
      setInfo('Avatar updated.');
    } catch (err) {
      setError(errorText(err, 'Upload failed'));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setError(null);
    setInfo(null);
    try {
      await deleteAvatar.mutateAsync();
      setInfo('Avatar removed.');
    } catch (err) {
      setError(errorText(err, 'Delete failed'));
    }
  };

  const slider = (label: string, key: keyof CropState, min: number, max: number) => (
    <Field label={label} className="acc-slider">
      <input
        type="range"
        min={min}
        max={max}
        step={0.01}
        value={crop[key]}
        onChange={(e) => setCrop((c) => ({ ...c, [key]: Number(e.target.value) }))}
      />
    </Field>
  );

  return (
    <section className="wf-card acc-section" aria-labelledby="acc-avatar">
      <h2 id="acc-avatar">Avatar</h2>
      <div aria-live="polite">
        <ErrorBox>{error}</ErrorBox>
        {!error ? <InfoBox>{info}</InfoBox> : null}
      </div>
      <div className="acc-avatar">
        {img ? (
          <canvas
            ref={preview}
            className="acc-avatar__img"
            width={PREVIEW}
            height={PREVIEW}
            aria-label="Cropped avatar preview"
            role="img"
          />
        ) : avatarUrl ? (
          <img
            className="acc-avatar__img"
            src={avatarUrl}
            alt="Your avatar"
            width={PREVIEW}
            height={PREVIEW}
          />
        ) : (
          <div className="acc-avatar__img acc-avatar__none" aria-label="No avatar yet" role="img">
            ?
          </div>
        )}
        <div className="acc-stack">
          <label className="wf-label" htmlFor={fileId}>
            Choose an image
          </label>
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          {img ? (
            <>
              {slider('Zoom', 'zoom', 1, 3)}
              {slider('Horizontal position', 'x', -1, 1)}
              {slider('Vertical position', 'y', -1, 1)}
              {progress !== null ? <ProgressBar value={progress} label="Avatar upload" /> : null}
              <div className="acc-actions">
                <button
                  type="button"
                  className="wf-btn"
                  onClick={() => void upload()}
                  disabled={progress !== null}
                >
                  {progress !== null ? `Uploading… ${Math.round(progress)}%` : 'Upload avatar'}
                </button>
                <button
                  type="button"
                  className="wf-btn wf-btn--ghost"
                  onClick={() => setImg(null)}
                  disabled={progress !== null}
                >
                  Cancel
                </button>
              </div>
            </>
          ) : avatarUrl ? (
            <button type="button" className="wf-btn wf-btn--ghost" onClick={() => void remove()}>
              Remove avatar
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

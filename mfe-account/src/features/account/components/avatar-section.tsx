import { useEffect, useId, useRef, useState } from 'react';
import { errorText } from '@wayfarer/api-client';
import { ErrorBox, InfoBox } from '@wayfarer/ui';
import { useDeleteAvatar, useUploadAvatar } from '../api/profile-queries';
import { AVATAR_SIZE, checkAvatarFile, drawCrop, type CropState } from '../utils/crop';
import { AvatarCropControls } from './avatar-crop-controls';
import { useAccountText } from '../../../lib/account-text';

const PREVIEW = 160;

/** Avatar: choose an image, crop it to a square (zoom and position), upload with a progress bar, or remove it. */
export function AvatarSection({ userId, avatarUrl }: { userId: string; avatarUrl: string | null }) {
  const { t, message } = useAccountText();
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
    if (img) drawCrop(preview.current, img, crop, PREVIEW);
  }, [img, crop]);

  const choose = (file: File | undefined) => {
    setError(null);
    setInfo(null);
    if (!file) return;
    const bad = checkAvatarFile(file);
    if (bad) {
      setError(message(bad));
      return;
    }
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = URL.createObjectURL(file);
    const el = new Image();
    el.onload = () => {
      setCrop({ zoom: 1, x: 0, y: 0 });
      setImg(el);
    };
    el.onerror = () => setError(t('avatar.unreadable'));
    el.src = objectUrl.current;
  };

  const upload = async () => {
    if (!img) return;
    setError(null);
    setInfo(null);
    const canvas = document.createElement('canvas');
    if (!drawCrop(canvas, img, crop, AVATAR_SIZE)) {
      setError(t('avatar.noCrop'));
      return;
    }
    const dataUrl = canvas.toDataURL('image/jpeg', 0.88);
    setProgress(0);
    try {
      await uploadAvatar.mutateAsync({ image: dataUrl, onProgress: setProgress });
      setImg(null);
      setInfo(t('avatar.updated'));
    } catch (err) {
      setError(errorText(err, t('avatar.uploadFailed')));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setError(null);
    setInfo(null);
    try {
      await deleteAvatar.mutateAsync();
      setInfo(t('avatar.removed'));
    } catch (err) {
      setError(errorText(err, t('avatar.deleteFailed')));
    }
  };

  return (
    <section className="wf-card acc-section" aria-labelledby="acc-avatar">
      <h2 id="acc-avatar">{t('avatar.title')}</h2>
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
            aria-label={t('avatar.preview')}
            role="img"
          />
        ) : avatarUrl ? (
          <img
            className="acc-avatar__img"
            src={avatarUrl}
            alt={t('avatar.yours')}
            width={PREVIEW}
            height={PREVIEW}
          />
        ) : (
          <div className="acc-avatar__img acc-avatar__none" aria-label={t('avatar.none')} role="img">
            ?
          </div>
        )}
        <div className="acc-stack">
          <label className="wf-label" htmlFor={fileId}>
            {t('avatar.choose')}
          </label>
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          {img ? (
            <AvatarCropControls
              crop={crop}
              setCrop={setCrop}
              progress={progress}
              onUpload={() => void upload()}
              onCancel={() => setImg(null)}
            />
          ) : avatarUrl ? (
            <button type="button" className="wf-btn wf-btn--ghost" onClick={() => void remove()}>
              {t('avatar.remove')}
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

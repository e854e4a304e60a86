import type { Dispatch, SetStateAction } from 'react';
import { ProgressBar } from '@wayfarer/ui';
import { Field } from '@wayfarer/ui/forms';
import type { CropState } from '../utils/crop';
import { useAccountText } from '../../../lib/account-text';

/** The crop sliders (zoom, horizontal and vertical position) and the upload / cancel buttons with the progress. */
export function AvatarCropControls({
  crop,
  setCrop,
  progress,
  onUpload,
  onCancel,
}: {
  crop: CropState;
  setCrop: Dispatch<SetStateAction<CropState>>;
  /** Upload progress in percent while uploading, else null. */
  progress: number | null;
  onUpload: () => void;
  onCancel: () => void;
}) {
  const { t, f } = useAccountText();
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
    <>
      {slider(t('avatar.zoom'), 'zoom', 1, 3)}
      {slider(t('avatar.horizontal'), 'x', -1, 1)}
      {slider(t('avatar.vertical'), 'y', -1, 1)}
      {progress !== null ? <ProgressBar value={progress} label={t('avatar.progress')} /> : null}
      <div className="acc-actions">
        <button type="button" className="wf-btn" onClick={onUpload} disabled={progress !== null}>
          {progress !== null
            ? t('avatar.uploading', { percent: f.number(Math.round(progress)) })
            : t('avatar.upload')}
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--ghost"
          onClick={onCancel}
          disabled={progress !== null}
        >
          {t('common.cancel')}
        </button>
      </div>
    </>
  );
}

import type { Dispatch, SetStateAction } from 'react';
import { ProgressBar } from '@wayfarer/ui';
import { Field } from '@wayfarer/ui/forms';
import type { CropState } from '../utils/crop';

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
      {slider('Zoom', 'zoom', 1, 3)}
      {slider('Horizontal position', 'x', -1, 1)}
      {slider('Vertical position', 'y', -1, 1)}
      {progress !== null ? <ProgressBar value={progress} label="Avatar upload" /> : null}
      <div className="acc-actions">
        <button type="button" className="wf-btn" onClick={onUpload} disabled={progress !== null}>
          {progress !== null ? `Uploading… ${Math.round(progress)}%` : 'Upload avatar'}
        </button>
        <button
          type="button"
          className="wf-btn wf-btn--ghost"
          onClick={onCancel}
          disabled={progress !== null}
        >
          Cancel
        </button>
      </div>
    </>
  );
}

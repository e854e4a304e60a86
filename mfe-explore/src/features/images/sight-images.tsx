import { useRef, useState, type DragEvent } from 'react';
import { useCurrentUser } from '@wayfarer/session';
import { ProgressBar } from '@wayfarer/ui';
import type { SightImage } from '../../lib/sight-cache';
import { usePhotoUpload } from './hooks/use-photo-upload';
import { OwnImage } from './components/own-image';
import './sight-images.css';

/** Upload (picker + drag-and-drop, checked first, progress) and the user's own photos with their review status. */
export function SightImages({ sightId, images }: { sightId: string; images: SightImage[] }) {
  const me = useCurrentUser();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const { mine, upload, onDeleted, progress, error, notice } = usePhotoUpload(
    sightId,
    images,
    me?.id ?? null,
    input,
  );

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void upload(e.dataTransfer.files[0]);
  };

  const pct = progress === null ? 0 : Math.round(progress * 100);
  return (
    <section className="explore-images" aria-labelledby="images-h">
      <h2 id="images-h">Your photos</h2>
      {!me ? (
        <p className="wf-muted">Sign in to add your photos of this place.</p>
      ) : (
        <div
          className={`explore-drop${over ? ' is-over' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          data-testid="drop-zone"
        >
          <p>Drop a JPEG, PNG or WebP image (up to 10 MB) here, or</p>
          <label className="wf-btn">
            Choose a photo
            <input
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="wf-visually-hidden"
              onChange={(e) => void upload(e.target.files?.[0])}
              disabled={progress !== null}
              aria-label="Choose a photo to upload"
            />
          </label>
          {progress !== null && (
            <div className="explore-upload-progress" data-testid="upload-progress">
              <ProgressBar value={pct} label="Uploading photo" />
              <span className="wf-muted">{pct < 100 ? `Uploading… ${pct}%` : 'Processing…'}</span>
            </div>
          )}
        </div>
      )}
      {error && (
        <div className="wf-alert wf-alert--error" role="alert">
          {error}
        </div>
      )}
      {notice && (
        <p className="wf-muted" role="status" data-testid="upload-notice">
          {notice}
        </p>
      )}
      {mine.length > 0 && (
        <ul className="explore-own-images">
          {mine.map((img) => (
            <OwnImage key={img.id} img={img} sightId={sightId} onDeleted={onDeleted} />
          ))}
        </ul>
      )}
    </section>
  );
}

import { useRef, useState, type DragEvent } from 'react';
import { useCurrentUser } from '@wayfarer/session';
import { ProgressBar } from '@wayfarer/ui';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../i18n';
import type { SightImage } from '../../lib/sight-cache';
import { usePhotoUpload } from './hooks/use-photo-upload';
import { OwnImage } from './components/own-image';
import './sight-images.css';

/** Upload (picker + drag-and-drop, checked first, progress) and the user's own photos with their review status. */
export function SightImages({ sightId, images }: { sightId: string; images: SightImage[] }) {
  const { t } = useTranslation(EXPLORE_NS);
  const format = useFormat();
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
      <h2 id="images-h">{t('images.title')}</h2>
      {!me ? (
        <p className="wf-muted">{t('images.signIn')}</p>
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
          <p>{t('images.drop')}</p>
          <label className="wf-btn">
            {t('images.choose')}
            <input
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="wf-visually-hidden"
              onChange={(e) => void upload(e.target.files?.[0])}
              disabled={progress !== null}
              aria-label={t('images.chooseLabel')}
            />
          </label>
          {progress !== null && (
            <div className="explore-upload-progress" data-testid="upload-progress">
              <ProgressBar value={pct} label={t('images.uploadingLabel')} />
              <span className="wf-muted">
                {pct < 100
                  ? t('images.uploading', { percent: format.number(pct / 100, { style: 'percent' }) })
                  : t('images.processing')}
              </span>
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

import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { mediaUrl } from '@wayfarer/api-client';
import { getAccessToken, useCurrentUser } from '@wayfarer/session';
import { ProgressBar } from '@wayfarer/ui';
import type { SightImage } from '../sight-detail';
import { detailAtom, detailStore } from '../sight-detail';
import { checkImageFile, deleteImage, signImagePath, uploadFailedMessage, uploadImage } from './image-api';
import { detailWithoutImage, noLocalChanges, ownImages, withDeletion, withUpload, type LocalImageChanges } from './own-images';
import './sight-images.css';

/**
 * An image's display URL: the signed URL the API answered, else (no URL, or it stopped loading because its signature
 * expired) a fresh one signed for its storage path. `onError` goes on the <img>.
 */
export function useImageUrl(img: SightImage): { url: string | null; error: string | null; onError: () => void } {
  const [resign, setResign] = useState(!img.url);
  const [signed, setSigned] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setResign(!img.url);
    setSigned(null);
    setError(null);
  }, [img.url, img.path]);
  useEffect(() => {
    if (!resign || !img.path) return;
    let live = true;
    void (async () => {
      try {
        const u = await signImagePath(img.path!, await getAccessToken().catch(() => null));
        if (live) setSigned(u);
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : 'Failed to sign image URL: ');
      }
    })();
    return () => {
      live = false;
    };
  }, [resign, img.path]);
  return {
    url: resign ? mediaUrl(signed) : mediaUrl(img.url),
    error,
    // Only once: a freshly signed URL that fails too is not signed again.
    onError: () => {
      if (!resign && img.path) setResign(true);
    },
  };
}

function OwnImage({ img, sightId, onDeleted }: { img: SightImage; sightId: string; onDeleted: (id: string) => void }) {
  const { url, error, onError } = useImageUrl(img);
  const [err, setErr] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const del = async () => {
    if (!window.confirm('Delete this photo?')) return;
    setErr(null);
    const token = await getAccessToken().catch(() => null);
    if (!token) {
      setErr('Authentication required');
      return;
    }
    setDeleting(true);
    try {
      await deleteImage(sightId, img.id, token);
      onDeleted(img.id);
    } catch {
      setErr('Delete failed');
      setDeleting(false);
    }
  };
  return (
    <li className="explore-own-image" data-testid="own-image" data-image-id={img.id}>
      {url ? <img src={url} alt="Your upload" loading="lazy" onError={onError} /> : <div className="explore-own-image__ph" />}
      {img.status !== 'approved' && (
        <span className="wf-badge" data-testid="pending">
          {img.status === 'rejected' ? 'Rejected' : 'Pending review'}
        </span>
      )}
      <button type="button" className="wf-btn wf-btn--ghost" onClick={del} disabled={deleting}>
        Delete
      </button>
      {(err || error) && (
        <span className="wf-alert wf-alert--error" role="alert">
          {err || error}
        </span>
      )}
    </li>
  );
}

/** Upload (picker + drag-and-drop, checked first, progress) and the user's own photos with their review status. */
export function SightImages({ sightId, images }: { sightId: string; images: SightImage[] }) {
  const me = useCurrentUser();
  const meId = me?.id ?? null;
  const input = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [changes, setChanges] = useState<LocalImageChanges>(noLocalChanges);

  useEffect(() => {
    setChanges(noLocalChanges);
    setError(null);
    setNotice(null);
  }, [sightId, meId]);

  // Keyed on the user's id: a re-read of the same user (auth events) must not drop this page's uploads or deletions.
  const mine = useMemo(() => ownImages(images, meId, changes), [images, meId, changes]);

  const upload = async (file: File | undefined) => {
    if (!file || busy.current) return;
    setError(null);
    setNotice(null);
    const bad = checkImageFile(file);
    if (bad) {
      setError(bad);
      if (input.current) input.current.value = '';
      return;
    }
    busy.current = true;
    try {
      const token = await getAccessToken().catch(() => null);
      if (!token) {
        setError('Authentication required');
        return;
      }
      setProgress(0);
      const res = await uploadImage(sightId, token, file, setProgress);
      setChanges((c) => withUpload(c, res.image));
      setNotice(res.message);
    } catch (e) {
      setError(e instanceof Error && e.message.startsWith('Upload failed') ? e.message : uploadFailedMessage(null));
    } finally {
      busy.current = false;
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const onDeleted = (id: string) => {
    setChanges((c) => withDeletion(c, id));
    // An approved photo is in the page's gallery too.
    detailStore.set(detailAtom, (s) => detailWithoutImage(s, sightId, id));
  };

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

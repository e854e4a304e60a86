import { useEffect, useRef, useState, type DragEvent } from 'react';
import { getAccessToken, useCurrentUser } from '@wayfarer/session';
import { ProgressBar } from '@wayfarer/ui';
import type { SightImage } from '../sight-detail/types';
import { apiUrl } from '../sight-detail/absolute-url';
import { checkImageFile, deleteImage, signImagePath, uploadImage } from './image-api';

/** Resolves an image's display URL: its url, else a signed URL for its storage path. */
export function useImageUrl(img: SightImage): { url: string | null; error: string | null } {
  const [signed, setSigned] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (img.url || !img.path) return;
    let live = true;
    void (async () => {
      try {
        const u = await signImagePath(img.path!, await getAccessToken());
        if (live) setSigned(u);
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : 'Failed to sign image URL: ');
      }
    })();
    return () => {
      live = false;
    };
  }, [img.url, img.path]);
  return { url: apiUrl(img.url) ?? signed, error };
}

function OwnImage({ img, sightId, onDeleted }: { img: SightImage; sightId: string; onDeleted: (id: string) => void }) {
  const { url, error } = useImageUrl(img);
  const [err, setErr] = useState<string | null>(null);
  const del = async () => {
    if (!window.confirm('Delete this photo?')) return;
    setErr(null);
    try {
      const token = await getAccessToken();
      if (!token) throw new Error('Authentication required');
      await deleteImage(sightId, img.id, token);
      onDeleted(img.id);
    } catch (e) {
      setErr(e instanceof Error && e.message === 'Authentication required' ? e.message : 'Delete failed');
    }
  };
  return (
    <li className="explore-own-image" data-testid="own-image">
      {url ? <img src={url} alt="Your upload" loading="lazy" /> : <div className="explore-own-image__ph" />}
      {img.status !== 'approved' && (
        <span className="wf-badge" data-testid="pending">
          {img.status === 'rejected' ? 'Rejected' : 'Pending review'}
        </span>
      )}
      <button type="button" className="wf-btn wf-btn--ghost" onClick={del}>
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
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [mine, setMine] = useState<SightImage[]>([]);

  useEffect(() => {
    setMine(me ? images.filter((i) => i.user_id === me.id) : []);
  }, [images, me]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const bad = checkImageFile(file);
    if (bad) {
      setError(bad);
      return;
    }
    const token = await getAccessToken();
    if (!token) {
      setError('Authentication required');
      return;
    }
    setProgress(0);
    try {
      const res = await uploadImage(sightId, token, file, setProgress);
      const img = (res.image ?? res) as SightImage;
      setMine((m) => [{ status: 'pending', ...img, id: String(img.id ?? Date.now()), user_id: me?.id }, ...m]);
    } catch {
      setError('Upload failed');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void upload(e.dataTransfer.files[0]);
  };

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
          {progress !== null && <ProgressBar value={Math.round(progress * 100)} label="Uploading photo" />}
        </div>
      )}
      {error && (
        <div className="wf-alert wf-alert--error" role="alert">
          {error}
        </div>
      )}
      {mine.length > 0 && (
        <ul className="explore-own-images">
          {mine.map((img) => (
            <OwnImage key={img.id} img={img} sightId={sightId} onDeleted={(id) => setMine((m) => m.filter((x) => x.id !== id))} />
          ))}
        </ul>
      )}
    </section>
  );
}

import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { SightImage } from '../../../lib/sight-cache';
import { AuthRequiredError, useUploadImage } from '../api/image-mutations';
import { checkImageFile, uploadFailedMessage, UploadError } from '../api/image-api';
import {
  noLocalChanges,
  ownImages,
  withDeletion,
  withUpload,
  type LocalImageChanges,
} from '../utils/own-images';

/**
 * The user's photos of the sight and their upload: checked first, its progress, its error or the server's notice;
 * uploads and deletions made on this page are kept over the sight's list (see ownImages).
 */
export function usePhotoUpload(
  sightId: string,
  images: SightImage[],
  meId: string | null,
  input: RefObject<HTMLInputElement | null>,
) {
  const busy = useRef(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [changes, setChanges] = useState<LocalImageChanges>(noLocalChanges);
  const send = useUploadImage(sightId, setProgress);

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
      const res = await send.mutateAsync(file);
      setChanges((c) => withUpload(c, res.image));
      setNotice(res.message);
    } catch (e) {
      setError(
        e instanceof AuthRequiredError || e instanceof UploadError ? e.message : uploadFailedMessage(null),
      );
    } finally {
      busy.current = false;
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const onDeleted = (id: string) => setChanges((c) => withDeletion(c, id));

  return { mine, upload, onDeleted, progress, error, notice };
}

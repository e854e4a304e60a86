import type { SightImage } from '../../../lib/sight-cache';

/** What this page changed since the sight was loaded: uploads (newest first) and deleted ids. */
export interface LocalImageChanges {
  added: SightImage[];
  removed: ReadonlySet<string>;
}

export const noLocalChanges: LocalImageChanges = { added: [], removed: new Set() };

/**
 * The signed-in user's photos of a sight: their images from the detail route (pending ones included, with status)
 * plus the uploads made on this page, newest first, each id once, without the ones deleted here. The server's
 * copy of an image wins over the upload answer (it carries the current status).
 */
export function ownImages(
  serverImages: readonly SightImage[],
  meId: string | null | undefined,
  changes: LocalImageChanges,
): SightImage[] {
  if (!meId) return [];
  const fromServer = serverImages.filter((i) => i.user_id === meId);
  const serverIds = new Set(fromServer.map((i) => i.id));
  const seen = new Set<string>();
  const out: SightImage[] = [];
  for (const img of [...changes.added.filter((i) => !serverIds.has(i.id)), ...[...fromServer].reverse()]) {
    if (seen.has(img.id) || changes.removed.has(img.id)) continue;
    seen.add(img.id);
    out.push(img);
  }
  return out;
}

/** Records an upload (an earlier record of the same image is replaced; a re-upload is no longer 'removed'). */
export function withUpload(c: LocalImageChanges, img: SightImage): LocalImageChanges {
  const removed = new Set(c.removed);
  removed.delete(img.id);
  return { added: [img, ...c.added.filter((i) => i.id !== img.id)], removed };
}

export function withDeletion(c: LocalImageChanges, id: string): LocalImageChanges {
  return { added: c.added.filter((i) => i.id !== id), removed: new Set(c.removed).add(id) };
}

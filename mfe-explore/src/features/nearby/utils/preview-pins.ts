import { latToY, lonToX } from '@wayfarer/geo';
import { frameOf } from './tile-preview';

/** A sight's pin on the preview: where Leaflet will put its marker, in the box's pixels. */
export interface PreviewPin {
  id: string;
  left: number;
  top: number;
}

/**
 * The pins of the places inside the box, where Leaflet puts their markers, at most one per `cell` px square (the
 * first place of each: the list's order, nearest first) and at most `max` in all: a picture of where the sights
 * are, drawn without Leaflet, not a second map.
 */
export function previewPins(
  places: readonly { id: string; latitude: number; longitude: number }[],
  view: { lat: number; lon: number; km: number },
  size: { width: number; height: number },
  { cell = 12, max = 150 }: { cell?: number; max?: number } = {},
): PreviewPin[] {
  const frame = frameOf(view, size);
  if (!frame) return [];
  const taken = new Set<string>();
  const pins: PreviewPin[] = [];
  for (const p of places) {
    if (pins.length >= max) break;
    const left = Math.round(lonToX(p.longitude) * frame.world - frame.origin.x);
    const top = Math.round(latToY(p.latitude) * frame.world - frame.origin.y);
    if (left < 0 || top < 0 || left > size.width || top > size.height) continue;
    const key = `${Math.floor(left / cell)}:${Math.floor(top / cell)}`;
    if (taken.has(key)) continue;
    taken.add(key);
    pins.push({ id: p.id, left, top });
  }
  return pins;
}

import type { OfflinePack, OfflinePackIndex } from '@wayfarer/contracts';

/** The index with `pack` in it (a sight downloaded again replaces its entry), newest first. */
export function withPack(index: OfflinePackIndex, pack: OfflinePack): OfflinePackIndex {
  return { packs: [pack, ...index.packs.filter((p) => p.sightId !== pack.sightId)] };
}

export function withoutPack(index: OfflinePackIndex, sightId: string): OfflinePackIndex {
  return { packs: index.packs.filter((p) => p.sightId !== sightId) };
}

/** A stored index as read back (anything unexpected reads as no packs). */
export function parseIndex(raw: unknown): OfflinePackIndex {
  const packs = (raw as { packs?: unknown } | null)?.packs;
  if (!Array.isArray(packs)) return { packs: [] };
  return {
    packs: packs.filter(
      (p): p is OfflinePack =>
        Boolean(p) &&
        typeof p.sightId === 'string' &&
        typeof p.name === 'string' &&
        typeof p.bytes === 'number',
    ),
  };
}

/** Bytes in the traveller's language, in the unit that reads best (kB, MB, GB). */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[i],
    unitDisplay: 'short',
    maximumFractionDigits: i >= 2 ? 1 : 0,
  }).format(v);
}

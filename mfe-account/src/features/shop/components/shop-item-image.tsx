import { useState } from 'react';
import { resolveApiBase } from '@wayfarer/api-client';
import type { ShopItem } from '@wayfarer/contracts';

/** Admins set an absolute URL or an API-relative path ('/sights/images/file/…'); the browser needs the API origin for the latter. */
export function shopImageSrc(u: string | null | undefined): string | null {
  const v = u?.trim();
  if (!v) return null;
  if (/^(https?:|data:|blob:)/i.test(v)) return v;
  return `${resolveApiBase()}${v.startsWith('/') ? '' : '/'}${v}`;
}

const GLYPHS: Record<string, string> = { guide_credit: '🧭', theme: '🎨', cosmetic: '🏅' };

const frame = {
  width: '100%',
  aspectRatio: '16 / 9',
  borderRadius: 'var(--radius-sm, 8px)',
  background: 'var(--bg-sunken, rgba(127, 127, 127, 0.12))',
} as const;

/** The item's picture, or a placeholder (also when the picture fails to load) so every card keeps the same shape. */
export function ShopItemImage({ item }: { item: Pick<ShopItem, 'name' | 'kind' | 'image_url'> }) {
  const src = shopImageSrc(item.image_url);
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return <img src={src} alt={item.name} loading="lazy" onError={() => setFailed(src)} style={{ ...frame, objectFit: 'cover', display: 'block' }} data-testid="shop-item-image" />;
  }
  return (
    <div
      aria-hidden="true"
      data-testid="shop-item-placeholder"
      style={{ ...frame, display: 'grid', placeItems: 'center', fontSize: '2rem', color: 'var(--text-muted)' }}
    >
      {GLYPHS[item.kind] ?? '🛍️'}
    </div>
  );
}

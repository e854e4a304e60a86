import { useState } from 'react';
import { resolveApiBase } from '@wayfarer/api-client';
import type { ShopItem } from '@wayfarer/contracts';
import { CompassIcon, MedalIcon, PaletteIcon, ShoppingBagIcon, type LucideIcon } from '@wayfarer/ui/icons';

/** Admins set an absolute URL or an API-relative path ('/sights/images/file/…'); the browser needs the API origin for the latter. */
export function shopImageSrc(u: string | null | undefined): string | null {
  const v = u?.trim();
  if (!v) return null;
  if (/^(https?:|data:|blob:)/i.test(v)) return v;
  return `${resolveApiBase()}${v.startsWith('/') ? '' : '/'}${v}`;
}

const ICONS: Record<string, LucideIcon> = {
  guide_credit: CompassIcon,
  theme: PaletteIcon,
  cosmetic: MedalIcon,
};

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
    return (
      <img
        src={src}
        alt={item.name}
        loading="lazy"
        onError={() => setFailed(src)}
        style={{ ...frame, objectFit: 'cover', display: 'block' }}
        data-testid="shop-item-image"
      />
    );
  }
  const Icon = ICONS[item.kind] ?? ShoppingBagIcon;
  return (
    <div
      aria-hidden="true"
      data-testid="shop-item-placeholder"
      style={{
        ...frame,
        display: 'grid',
        placeItems: 'center',
        fontSize: '2rem',
        color: 'var(--text-muted)',
      }}
    >
      <Icon className="wf-icon" />
    </div>
  );
}

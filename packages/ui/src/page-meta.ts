import { useEffect } from 'react';

/** Page metadata of spec 'Page metadata'. */
export interface PageMeta {
  title: string;
  description?: string;
  /** When true, robots is 'noindex,nofollow'; otherwise 'index,follow'. */
  noindex?: boolean;
  image?: string;
  url?: string;
}

export const SITE_NAME = 'Wayfarer';

/** The tags a page sets, computed (pure, tested) so every remote applies the same rules. */
export function metaTags(meta: PageMeta): { title: string; tags: Record<string, string> } {
  const title = meta.title.includes(SITE_NAME) ? meta.title : `${meta.title} · ${SITE_NAME}`;
  const tags: Record<string, string> = {
    'name:robots': meta.noindex ? 'noindex,nofollow' : 'index,follow',
    'property:og:title': title,
    'name:twitter:title': title,
    'property:og:site_name': SITE_NAME,
    'property:og:type': 'website',
    'name:twitter:card': meta.image ? 'summary_large_image' : 'summary',
  };
  if (meta.description) {
    tags['name:description'] = meta.description;
    tags['property:og:description'] = meta.description;
    tags['name:twitter:description'] = meta.description;
  }
  if (meta.image) {
    tags['property:og:image'] = meta.image;
    tags['name:twitter:image'] = meta.image;
  }
  const url = meta.url ?? (typeof window !== 'undefined' ? window.location.href : undefined);
  if (url) tags['property:og:url'] = url;
  return { title, tags };
}

const MANAGED = 'data-wf-meta';

/** Applies title, description, robots, Open Graph and Twitter tags to document.head. */
export function applyPageMeta(meta: PageMeta): void {
  const { title, tags } = metaTags(meta);
  document.title = title;
  document.head.querySelectorAll(`meta[${MANAGED}]`).forEach((el) => el.remove());
  for (const [key, content] of Object.entries(tags)) {
    const [attr, name] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    const el = document.createElement('meta');
    el.setAttribute(attr, name);
    el.setAttribute('content', content);
    el.setAttribute(MANAGED, '');
    document.head.appendChild(el);
  }
}

export function usePageMeta(meta: PageMeta): void {
  const { title, description, noindex, image, url } = meta;
  useEffect(() => {
    applyPageMeta({ title, description, noindex, image, url });
  }, [title, description, noindex, image, url]);
}

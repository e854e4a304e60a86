import type { AppFederationConfig } from '@wayfarer/mf-config';
import { BRAND_COLORS } from '@wayfarer/ui/brand';

const config: AppFederationConfig = {
  name: 'shell',
  kind: 'host',
  port: 3000,
  title: 'Wayfarer — explore sights with narrated audio guides',
  // Installable, and the guides downloaded for offline keep playing without a connection.
  pwa: {
    serviceWorker: './src/service-worker/sw.ts',
    publicDir: './public',
    manifest: {
      name: 'Wayfarer — sights and narrated audio guides',
      short_name: 'Wayfarer',
      description: 'Explore sights on a map and listen to narrated audio guides, online or offline.',
      id: '/',
      start_url: '/explore',
      scope: '/',
      display: 'standalone',
      theme_color: BRAND_COLORS.theme,
      background_color: BRAND_COLORS.background,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  },
};
export default config;

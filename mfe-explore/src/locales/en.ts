import type { Catalog } from '@wayfarer/i18n';

export default {
  notFound: {
    title: 'Page not found',
    servedBy: 'Served by the explore remote.',
  },
} satisfies Catalog;

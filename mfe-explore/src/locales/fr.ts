import type { Catalog } from '@wayfarer/i18n';

export default {
  notFound: {
    title: 'Page introuvable',
    servedBy: 'Fournie par le module Explorer.',
  },
} satisfies Catalog;

import type { Catalog } from '@wayfarer/i18n';

export default {
  notFound: {
    title: 'Seite nicht gefunden',
    servedBy: 'Bereitgestellt vom Modul Entdecken.',
  },
} satisfies Catalog;

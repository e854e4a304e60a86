import type { Catalog } from '@wayfarer/i18n';

export default {
  notFound: {
    title: 'Pagina non trovata',
    servedBy: 'Fornita dal modulo Esplora.',
  },
} satisfies Catalog;

import type { Catalog } from '@wayfarer/i18n';

export default {
  notFound: {
    title: 'Página no encontrada',
    servedBy: 'Servida por el módulo Explorar.',
  },
} satisfies Catalog;

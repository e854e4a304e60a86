import type { Catalog } from '../catalogs';

export default {
  language: 'Lingua',
  choose_language: 'Scegli una lingua',
} satisfies Catalog;

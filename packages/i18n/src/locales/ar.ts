import type { Catalog } from '../catalogs';

export default {
  language: 'اللغة',
  choose_language: 'اختر لغة',
} satisfies Catalog;

import type { Catalog } from '../catalogs';

export default {
  language: 'Sprache',
  choose_language: 'Sprache wählen',
} satisfies Catalog;

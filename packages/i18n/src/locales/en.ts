import type { Catalog } from '../catalogs';

export default {
  language: 'Language',
  choose_language: 'Choose a language',
} satisfies Catalog;

import type { Catalog } from '../catalogs';

export default {
  language: 'Langue',
  choose_language: 'Choisir une langue',
} satisfies Catalog;

import type { Catalog } from '../catalogs';

export default {
  language: 'Idioma',
  choose_language: 'Elegir un idioma',
} satisfies Catalog;

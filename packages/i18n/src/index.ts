export { useTranslation } from 'react-i18next';
export type { TFunction } from 'i18next';
// The types only: the catalog checks (compareCatalogs, placeholders, ...) serve the tests, which import
// './catalogs' itself; a shared module keeps every export in every first load.
export type { Catalog, CatalogLoaders, CatalogSource } from './catalogs';
export {
  i18n,
  registerCatalog,
  activeLanguage,
  chooseLanguage,
  applyLanguage,
  onLanguageChosen,
  initialLanguage,
  LANGUAGE_STORAGE_KEY,
  PSEUDO_ENABLED,
} from './instance';
export { PSEUDO } from './pseudo';
export { formatters, useFormat, type Formatters } from './format';
export { COMMON_NS, commonReady } from './common';
export { LanguageSelect } from './language-select';
export {
  LANGUAGES,
  LANGUAGE_NAMES,
  DEFAULT_LANGUAGE,
  isLanguage,
  directionOf,
  detectLanguage,
  matchLanguage,
  type Language,
} from '@wayfarer/contracts/browser';

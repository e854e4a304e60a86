import type { Catalog } from '../catalogs';

export default {
  language: 'Sprache',
  choose_language: 'Sprache wählen',
  loading_label: 'Wird geladen',
  loading: 'Wird geladen…',
  loading_page: 'Seite wird geladen…',
  dismiss_toast: 'Schließen: {{message}}',
} satisfies Catalog;

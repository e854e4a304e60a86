import type { Catalog } from '../catalogs';

export default {
  language: 'Language',
  choose_language: 'Choose a language',
  loading_label: 'Loading',
  loading: 'Loading…',
  loading_page: 'Loading page…',
  dismiss_toast: 'Dismiss: {{message}}',
} satisfies Catalog;

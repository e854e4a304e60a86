import type { Catalog } from '../catalogs';

export default {
  language: 'Lingua',
  choose_language: 'Scegli una lingua',
  loading_label: 'Caricamento',
  loading: 'Caricamento…',
  loading_page: 'Caricamento della pagina…',
  dismiss_toast: 'Chiudi: {{message}}',
} satisfies Catalog;

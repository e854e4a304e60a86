import type { Catalog } from '../catalogs';

export default {
  language: 'Langue',
  choose_language: 'Choisir une langue',
  loading_label: 'Chargement',
  loading: 'Chargement…',
  loading_page: 'Chargement de la page…',
  dismiss_toast: 'Fermer : {{message}}',
} satisfies Catalog;

import type { Catalog } from '../catalogs';

export default {
  language: 'Idioma',
  choose_language: 'Elegir un idioma',
  loading_label: 'Cargando',
  loading: 'Cargando…',
  loading_page: 'Cargando la página…',
  dismiss_toast: 'Cerrar: {{message}}',
} satisfies Catalog;

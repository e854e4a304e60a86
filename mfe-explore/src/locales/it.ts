import type { Catalog } from '@wayfarer/i18n';

export default {
  category: {
    all: 'Tutti',
    landmark: 'Monumenti',
    museum: 'Musei',
    scenery: 'Paesaggi',
    historic: 'Luoghi storici',
  },
  nearby: {
    title: 'Esplora',
    searchLabel: 'Cerca un luogo',
    searchPlaceholder: 'Cerca una città o un luogo',
    searching: 'Ricerca…',
    search: 'Cerca',
    locating: 'Localizzazione…',
    locate: 'Usa la mia posizione',
    radius: 'Raggio',
    km: '{{km}} km',
    categoryLabel: 'Categoria',
    noneTitle: 'Nessun luogo trovato qui',
    noneText: 'Prova un raggio più ampio o un’altra categoria, oppure cerca altrove.',
    widen: 'Allarga a 20 km',
    allCategories: 'Mostra tutte le categorie',
    retry: 'Riprova',
    count_one: '{{count}} luogo entro {{km}} km',
    count_other: '{{count}} luoghi entro {{km}} km',
    loadingSights: 'Caricamento dei luoghi',
    sights: 'Luoghi',
    more: 'Mostra altri ({{count}} in più)',
    noRatings: 'Ancora nessuna valutazione',
    fromOsm: 'Da OpenStreetMap',
  },
  notFound: {
    title: 'Pagina non trovata',
    servedBy: 'Fornita dal modulo Esplora.',
  },
} satisfies Catalog;

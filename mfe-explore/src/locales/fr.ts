import type { Catalog } from '@wayfarer/i18n';

export default {
  category: {
    all: 'Tout',
    landmark: 'Monuments',
    museum: 'Musées',
    scenery: 'Paysages',
    historic: 'Lieux historiques',
  },
  nearby: {
    title: 'Explorer',
    searchLabel: 'Rechercher un lieu',
    searchPlaceholder: 'Rechercher une ville ou un lieu',
    searching: 'Recherche…',
    search: 'Rechercher',
    locating: 'Localisation…',
    locate: 'Utiliser ma position',
    radius: 'Rayon',
    km: '{{km}} km',
    categoryLabel: 'Catégorie',
    noneTitle: 'Aucun site trouvé ici',
    noneText: 'Essayez un rayon plus large ou une autre catégorie, ou cherchez ailleurs.',
    widen: 'Élargir à 20 km',
    allCategories: 'Afficher toutes les catégories',
    retry: 'Réessayer',
    count_one: '{{count}} site à moins de {{km}} km',
    count_other: '{{count}} sites à moins de {{km}} km',
    loadingSights: 'Chargement des sites',
    sights: 'Sites',
    more: 'Afficher plus ({{count}} de plus)',
    noRatings: 'Pas encore de note',
    fromOsm: 'Depuis OpenStreetMap',
  },
  notFound: {
    title: 'Page introuvable',
    servedBy: 'Fournie par le module Explorer.',
  },
} satisfies Catalog;

import type { Catalog } from '@wayfarer/i18n';

export default {
  category: {
    all: 'Alle',
    landmark: 'Wahrzeichen',
    museum: 'Museen',
    scenery: 'Landschaft',
    historic: 'Historisches',
  },
  nearby: {
    title: 'Entdecken',
    searchLabel: 'Ort suchen',
    searchPlaceholder: 'Stadt oder Ort suchen',
    searching: 'Suche läuft…',
    search: 'Suchen',
    locating: 'Standort wird ermittelt…',
    locate: 'Meinen Standort verwenden',
    radius: 'Umkreis',
    km: '{{km}} km',
    categoryLabel: 'Kategorie',
    noneTitle: 'Hier wurden keine Sehenswürdigkeiten gefunden',
    noneText: 'Versuchen Sie einen größeren Umkreis oder eine andere Kategorie, oder suchen Sie anderswo.',
    widen: 'Auf 20 km erweitern',
    allCategories: 'Alle Kategorien anzeigen',
    retry: 'Erneut versuchen',
    count_one: '{{count}} Sehenswürdigkeit im Umkreis von {{km}} km',
    count_other: '{{count}} Sehenswürdigkeiten im Umkreis von {{km}} km',
    loadingSights: 'Sehenswürdigkeiten werden geladen',
    sights: 'Sehenswürdigkeiten',
    more: 'Mehr anzeigen ({{count}} weitere)',
    noRatings: 'Noch keine Bewertungen',
    fromOsm: 'Aus OpenStreetMap',
  },
  notFound: {
    title: 'Seite nicht gefunden',
    servedBy: 'Bereitgestellt vom Modul Entdecken.',
  },
} satisfies Catalog;

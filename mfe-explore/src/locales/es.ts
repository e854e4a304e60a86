import type { Catalog } from '@wayfarer/i18n';

export default {
  category: {
    all: 'Todo',
    landmark: 'Monumentos',
    museum: 'Museos',
    scenery: 'Paisajes',
    historic: 'Lugares históricos',
  },
  nearby: {
    title: 'Explorar',
    searchLabel: 'Buscar un lugar',
    searchPlaceholder: 'Busca una ciudad o un lugar',
    searching: 'Buscando…',
    search: 'Buscar',
    locating: 'Localizando…',
    locate: 'Usar mi ubicación',
    radius: 'Radio',
    km: '{{km}} km',
    categoryLabel: 'Categoría',
    noneTitle: 'No se han encontrado lugares aquí',
    noneText: 'Prueba con un radio mayor u otra categoría, o busca en otro sitio.',
    widen: 'Ampliar a 20 km',
    allCategories: 'Mostrar todas las categorías',
    retry: 'Reintentar',
    count_one: '{{count}} lugar a menos de {{km}} km',
    count_other: '{{count}} lugares a menos de {{km}} km',
    loadingSights: 'Cargando lugares',
    sights: 'Lugares',
    more: 'Mostrar más ({{count}} más)',
    noRatings: 'Aún sin valoraciones',
    fromOsm: 'De OpenStreetMap',
  },
  notFound: {
    title: 'Página no encontrada',
    servedBy: 'Servida por el módulo Explorar.',
  },
} satisfies Catalog;

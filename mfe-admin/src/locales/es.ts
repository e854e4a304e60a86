import type { Catalog } from '@wayfarer/i18n';

export default {
  nav: {
    label: 'Secciones de administración',
    dashboard: 'Panel',
    news: 'Noticias',
    roadmap: 'Hoja de ruta',
    pendingImages: 'Imágenes pendientes',
    shop: 'Tienda',
    themes: 'Temas',
    content: 'Contenido',
    reports: 'Reportes',
    releases: 'Versiones',
    analytics: 'Estadísticas',
    auditLog: 'Registro de auditoría',
  },
  access: {
    checking: 'Comprobando tu acceso…',
    title: 'Solo administradores',
    body: 'Esta zona es para los administradores de Wayfarer.',
    signedInAs: 'Has iniciado sesión como <1>{{email}}</1>, que no es una cuenta de administrador.',
    ask: 'Si crees que deberías tener acceso, pide a un administrador que añada tu cuenta.',
    back: 'Volver a explorar',
  },
  notFound: {
    title: 'Página no encontrada',
    body: 'Esta página de administración no existe. Elige una sección a la izquierda.',
  },
} satisfies Catalog;

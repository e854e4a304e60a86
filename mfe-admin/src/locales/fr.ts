import type { Catalog } from '@wayfarer/i18n';

export default {
  nav: {
    label: 'Sections de l’administration',
    dashboard: 'Tableau de bord',
    news: 'Actualités',
    roadmap: 'Feuille de route',
    pendingImages: 'Images en attente',
    shop: 'Boutique',
    themes: 'Thèmes',
    content: 'Contenus',
    reports: 'Signalements',
    releases: 'Versions',
    analytics: 'Statistiques',
    auditLog: 'Journal d’audit',
  },
  access: {
    checking: 'Vérification de vos droits…',
    title: 'Réservé aux administrateurs',
    body: 'Cet espace est réservé aux administrateurs de Wayfarer.',
    signedInAs: 'Vous êtes connecté en tant que <1>{{email}}</1>, qui n’est pas un compte administrateur.',
    ask: 'Si vous pensez devoir y accéder, demandez à un administrateur d’ajouter votre compte.',
    back: 'Retour à l’exploration',
  },
  notFound: {
    title: 'Page introuvable',
    body: 'Cette page d’administration n’existe pas. Choisissez une section à gauche.',
  },
} satisfies Catalog;

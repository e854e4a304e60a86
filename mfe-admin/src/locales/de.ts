import type { Catalog } from '@wayfarer/i18n';

export default {
  nav: {
    label: 'Verwaltungsbereiche',
    dashboard: 'Dashboard',
    news: 'Neuigkeiten',
    roadmap: 'Roadmap',
    pendingImages: 'Ausstehende Bilder',
    shop: 'Shop',
    themes: 'Designs',
    content: 'Inhalte',
    reports: 'Meldungen',
    releases: 'Releases',
    analytics: 'Analysen',
    auditLog: 'Audit-Protokoll',
  },
  access: {
    checking: 'Ihre Berechtigung wird geprüft…',
    title: 'Nur für Admins',
    body: 'Dieser Bereich ist für Wayfarer-Administratoren.',
    signedInAs: 'Sie sind als <1>{{email}}</1> angemeldet; das ist kein Admin-Konto.',
    ask: 'Wenn Sie Zugriff haben sollten, bitten Sie einen Admin, Ihr Konto hinzuzufügen.',
    back: 'Zurück zum Entdecken',
  },
  notFound: {
    title: 'Seite nicht gefunden',
    body: 'Diese Verwaltungsseite gibt es nicht. Wählen Sie links einen Bereich.',
  },
} satisfies Catalog;

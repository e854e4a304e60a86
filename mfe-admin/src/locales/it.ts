import type { Catalog } from '@wayfarer/i18n';

export default {
  nav: {
    label: 'Sezioni di amministrazione',
    dashboard: 'Dashboard',
    news: 'Notizie',
    roadmap: 'Roadmap',
    pendingImages: 'Immagini in attesa',
    shop: 'Negozio',
    themes: 'Temi',
    content: 'Contenuti',
    reports: 'Segnalazioni',
    releases: 'Versioni',
    analytics: 'Statistiche',
    auditLog: 'Registro di controllo',
  },
  access: {
    checking: 'Verifica dei permessi…',
    title: 'Solo amministratori',
    body: 'Quest’area è riservata agli amministratori di Wayfarer.',
    signedInAs: 'Hai effettuato l’accesso come <1>{{email}}</1>, che non è un account amministratore.',
    ask: 'Se pensi di dover avere accesso, chiedi a un amministratore di aggiungere il tuo account.',
    back: 'Torna a esplorare',
  },
  notFound: {
    title: 'Pagina non trovata',
    body: 'Questa pagina di amministrazione non esiste. Scegli una sezione a sinistra.',
  },
} satisfies Catalog;

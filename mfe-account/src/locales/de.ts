import type { Catalog } from '@wayfarer/i18n';

export default {
  account: {
    metaTitle: 'Konto',
    metaDescription: 'Verwalten Sie Ihr Wayfarer-Profil, Ihren Tarif und Ihre Anmeldung.',
    checking: 'Ihre Sitzung wird geprüft…',
    title: 'Konto',
    emailTitle: 'E-Mail',
    emailHelp: 'Ihre Anmeldeadresse. Sie kann hier nicht geändert werden.',
    languageTitle: 'Sprache',
    languageHelp:
      'Die Sprache von Wayfarer auf allen Geräten, auf denen Sie sich anmelden, und der E-Mails, die wir Ihnen senden.',
  },
  plan: {
    title: 'Tarif',
    retry: 'Erneut versuchen',
    change: 'Tarif wechseln',
    overview: 'Übersicht',
    cancel: 'Tarif kündigen',
    trial: 'kostenloser Test',
    cancelFailed: 'Der Tarif konnte nicht gekündigt werden',
    cancelTitle: '{{plan}} kündigen?',
    confirm: 'Zum Ende dieses Zeitraums kündigen',
    keep: 'Tarif behalten',
    trialNote:
      'Ihr kostenloser Test läuft bis zu seinem Ende weiter; danach wechseln Sie zu Free, und es wird nichts berechnet.',
    paidNote:
      'Sie behalten Ihren Tarif bis zum Ende des bezahlten Zeitraums; danach wechseln Sie zu Free. Es wird nichts mehr berechnet.',
  },
} satisfies Catalog;

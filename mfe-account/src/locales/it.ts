import type { Catalog } from '@wayfarer/i18n';

export default {
  account: {
    metaTitle: 'Account',
    metaDescription: 'Gestisci il tuo profilo Wayfarer, il piano e l’accesso.',
    checking: 'Verifica della sessione…',
    title: 'Account',
    emailTitle: 'E-mail',
    emailHelp: 'Il tuo indirizzo di accesso. Non può essere modificato qui.',
    languageTitle: 'Lingua',
    languageHelp: 'La lingua di Wayfarer su tutti i dispositivi da cui accedi e delle e-mail che ti inviamo.',
  },
  plan: {
    title: 'Piano',
    retry: 'Riprova',
    change: 'Cambia piano',
    overview: 'Panoramica',
    cancel: 'Annulla il piano',
    trial: 'prova gratuita',
    cancelFailed: 'Impossibile annullare il piano',
    cancelTitle: 'Annullare {{plan}}?',
    confirm: 'Annulla alla fine di questo ciclo',
    keep: 'Mantieni il mio piano',
    trialNote:
      'La prova gratuita continua fino alla scadenza; poi passi a Free e non ti viene addebitato nulla.',
    paidNote:
      'Mantieni il piano fino alla fine del ciclo pagato; poi passi a Free. Non ti verrà addebitato altro.',
  },
} satisfies Catalog;

import type { Catalog } from '@wayfarer/i18n';

export default {
  account: {
    metaTitle: 'Cuenta',
    metaDescription: 'Gestiona tu perfil de Wayfarer, tu plan y tu inicio de sesión.',
    checking: 'Comprobando tu sesión…',
    title: 'Cuenta',
    emailTitle: 'Correo electrónico',
    emailHelp: 'Tu dirección de inicio de sesión. No se puede cambiar aquí.',
    languageTitle: 'Idioma',
    languageHelp:
      'El idioma de Wayfarer en todos los dispositivos en los que inicias sesión y de los correos que te enviamos.',
  },
  plan: {
    title: 'Plan',
    retry: 'Reintentar',
    change: 'Cambiar de plan',
    overview: 'Resumen',
    cancel: 'Cancelar el plan',
    trial: 'prueba gratis',
    cancelFailed: 'No se pudo cancelar el plan',
    cancelTitle: '¿Cancelar {{plan}}?',
    confirm: 'Cancelar al final de este ciclo',
    keep: 'Mantener mi plan',
    trialNote: 'Tu prueba gratis continúa hasta que termine; después pasas a Free y no se cobra nada.',
    paidNote:
      'Conservas tu plan hasta el final del ciclo pagado; después pasas a Free. No se cobra nada más.',
  },
} satisfies Catalog;

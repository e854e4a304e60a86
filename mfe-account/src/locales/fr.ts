import type { Catalog } from '@wayfarer/i18n';

export default {
  account: {
    metaTitle: 'Compte',
    metaDescription: 'Gérez votre profil Wayfarer, votre formule et votre connexion.',
    checking: 'Vérification de votre session…',
    title: 'Compte',
    emailTitle: 'E-mail',
    emailHelp: 'Votre adresse de connexion. Elle ne peut pas être modifiée ici.',
    languageTitle: 'Langue',
    languageHelp:
      'La langue de Wayfarer sur tous les appareils où vous vous connectez, et des e-mails que nous vous envoyons.',
  },
  plan: {
    title: 'Formule',
    retry: 'Réessayer',
    change: 'Changer de formule',
    overview: 'Vue d’ensemble',
    cancel: 'Résilier la formule',
    trial: 'essai gratuit',
    cancelFailed: 'Impossible de résilier la formule',
    cancelTitle: 'Résilier {{plan}} ?',
    confirm: 'Résilier à la fin de cette période',
    keep: 'Garder ma formule',
    trialNote:
      'Votre essai gratuit se poursuit jusqu’à son terme ; vous passez ensuite à Free et rien n’est débité.',
    paidNote:
      'Vous gardez votre formule jusqu’à la fin de la période payée ; vous passez ensuite à Free. Rien de plus n’est débité.',
  },
} satisfies Catalog;

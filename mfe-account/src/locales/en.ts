import type { Catalog } from '@wayfarer/i18n';

export default {
  account: {
    metaTitle: 'Account',
    metaDescription: 'Manage your Wayfarer profile, plan and sign-in.',
    checking: 'Checking your session…',
    title: 'Account',
    emailTitle: 'E-mail',
    emailHelp: 'Your sign-in address. It cannot be changed here.',
    languageTitle: 'Language',
    languageHelp: 'The language of Wayfarer on every device you sign in on, and of the e-mails we send you.',
  },
  plan: {
    title: 'Plan',
    retry: 'Try again',
    change: 'Change plan',
    overview: 'Overview',
    cancel: 'Cancel plan',
    trial: 'free trial',
    cancelFailed: 'Could not cancel the plan',
    cancelTitle: 'Cancel {{plan}}?',
    confirm: 'Cancel at the end of this cycle',
    keep: 'Keep my plan',
    trialNote: 'Your free trial continues until it ends; then you move to Free and nothing is charged.',
    paidNote:
      'You keep your plan until the end of the paid cycle; then you move to Free. Nothing more is charged.',
  },
} satisfies Catalog;

import type { Catalog } from '@wayfarer/i18n';

export default {
  account: {
    metaTitle: 'الحساب',
    metaDescription: 'أدِر ملفك الشخصي في Wayfarer وخطتك وتسجيل دخولك.',
    checking: 'جارٍ التحقق من جلستك…',
    title: 'الحساب',
    emailTitle: 'البريد الإلكتروني',
    emailHelp: 'عنوان تسجيل الدخول الخاص بك. لا يمكن تغييره هنا.',
    languageTitle: 'اللغة',
    languageHelp: 'لغة Wayfarer على كل جهاز تسجّل الدخول منه، ولغة الرسائل التي نرسلها إليك.',
  },
  plan: {
    title: 'الخطة',
    retry: 'إعادة المحاولة',
    change: 'تغيير الخطة',
    overview: 'نظرة عامة',
    cancel: 'إلغاء الخطة',
    trial: 'تجربة مجانية',
    cancelFailed: 'تعذّر إلغاء الخطة',
    cancelTitle: 'إلغاء {{plan}}؟',
    confirm: 'الإلغاء في نهاية هذه الدورة',
    keep: 'الإبقاء على خطتي',
    trialNote: 'تستمر تجربتك المجانية حتى نهايتها، ثم تنتقل إلى Free ولا يُخصم منك شيء.',
    paidNote: 'تحتفظ بخطتك حتى نهاية الدورة المدفوعة، ثم تنتقل إلى Free. لن يُخصم منك أي مبلغ إضافي.',
  },
} satisfies Catalog;

import type { Catalog } from '@wayfarer/i18n';

export default {
  nav: {
    label: 'أقسام الإدارة',
    dashboard: 'لوحة التحكم',
    news: 'الأخبار',
    roadmap: 'خارطة الطريق',
    pendingImages: 'صور قيد المراجعة',
    shop: 'المتجر',
    themes: 'المظاهر',
    content: 'المحتوى',
    reports: 'البلاغات',
    releases: 'الإصدارات',
    analytics: 'الإحصاءات',
    auditLog: 'سجل التدقيق',
  },
  access: {
    checking: 'جارٍ التحقق من صلاحياتك…',
    title: 'للمشرفين فقط',
    body: 'هذه المنطقة مخصصة لمشرفي Wayfarer.',
    signedInAs: 'أنت مسجّل الدخول باسم <1>{{email}}</1>، وهو ليس حساب مشرف.',
    ask: 'إذا كنت تعتقد أنه ينبغي أن تكون لديك صلاحية الوصول، فاطلب من أحد المشرفين إضافة حسابك.',
    back: 'العودة إلى الاستكشاف',
  },
  notFound: {
    title: 'الصفحة غير موجودة',
    body: 'صفحة الإدارة هذه غير موجودة. اختر قسمًا من القائمة الجانبية.',
  },
} satisfies Catalog;

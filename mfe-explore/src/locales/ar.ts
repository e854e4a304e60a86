import type { Catalog } from '@wayfarer/i18n';

export default {
  notFound: {
    title: 'الصفحة غير موجودة',
    servedBy: 'تُقدّمها وحدة الاستكشاف.',
  },
} satisfies Catalog;

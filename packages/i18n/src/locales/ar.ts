import type { Catalog } from '../catalogs';

export default {
  language: 'اللغة',
  choose_language: 'اختر لغة',
  loading_label: 'جارٍ التحميل',
  loading: 'جارٍ التحميل…',
  loading_page: 'جارٍ تحميل الصفحة…',
  dismiss_toast: 'إغلاق: {{message}}',
} satisfies Catalog;

import type { HomeHero } from './index';

/** The home page's hero in this language (index.ts says why it is a module of its own). */
export default {
  title: 'استكشف معالم العالم مع أدلة صوتية مروية',
  lead: 'يعرض لك Wayfarer المعالم والمتاحف والمناظر الطبيعية والأماكن التاريخية من حولك، ويروي لك حكاياتها في أذنيك، ويتيح لك مشاركة ما اكتشفته.',
  start: 'ابدأ الاستكشاف',
  plans: 'اطّلع على الخطط',
} satisfies HomeHero;

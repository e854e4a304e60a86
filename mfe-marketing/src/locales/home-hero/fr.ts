import type { HomeHero } from './index';

/** The home page's hero in this language (index.ts says why it is a module of its own). */
export default {
  title: 'Découvrez les sites du monde entier avec des audioguides commentés',
  lead: 'Wayfarer vous montre les monuments, musées, paysages et lieux historiques qui vous entourent, vous raconte leur histoire à l’oreille et vous permet de partager vos découvertes.',
  start: 'Commencer l’exploration',
  plans: 'Voir les formules',
} satisfies HomeHero;

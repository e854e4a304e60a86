import type { HomeHero } from './index';

/** The home page's hero in this language (index.ts says why it is a module of its own). */
export default {
  title: 'Entdecken Sie die Sehenswürdigkeiten der Welt mit gesprochenen Audioguides',
  lead: 'Wayfarer zeigt Ihnen Wahrzeichen, Museen, Landschaften und historische Orte in Ihrer Nähe, erzählt Ihnen ihre Geschichten direkt ins Ohr und lässt Sie teilen, was Sie entdeckt haben.',
  start: 'Jetzt entdecken',
  plans: 'Tarife ansehen',
} satisfies HomeHero;

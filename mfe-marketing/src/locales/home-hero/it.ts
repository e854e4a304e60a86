import type { HomeHero } from './index';

/** The home page's hero in this language (index.ts says why it is a module of its own). */
export default {
  title: 'Scopri i luoghi del mondo con audioguide narrate',
  lead: 'Wayfarer ti mostra monumenti, musei, paesaggi e luoghi storici intorno a te, ti racconta le loro storie all’orecchio e ti permette di condividere ciò che hai scoperto.',
  start: 'Inizia a esplorare',
  plans: 'Vedi i piani',
} satisfies HomeHero;

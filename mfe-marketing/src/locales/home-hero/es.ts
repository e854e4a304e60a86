import type { HomeHero } from './index';

/** The home page's hero in this language (index.ts says why it is a module of its own). */
export default {
  title: 'Descubre los lugares del mundo con audioguías narradas',
  lead: 'Wayfarer te muestra los monumentos, museos, paisajes y lugares históricos que te rodean, te cuenta sus historias al oído y te permite compartir lo que descubres.',
  start: 'Empezar a explorar',
  plans: 'Ver planes',
} satisfies HomeHero;

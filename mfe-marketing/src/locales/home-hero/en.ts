import type { HomeHero } from './index';

/** The home page's hero in this language (index.ts says why it is a module of its own). */
export default {
  title: "Explore the world's sights with narrated audio guides",
  lead: 'Wayfarer shows you the landmarks, museums, scenery and historic places around you, tells their stories in your ears and lets you share what you found.',
  start: 'Start exploring',
  plans: 'See plans',
} satisfies HomeHero;

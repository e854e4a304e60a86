import type { Language } from '@wayfarer/contracts/browser';
import ar from './ar';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import it from './it';

/** The words of the home page's hero. */
export interface HomeHero {
  title: string;
  lead: string;
  start: string;
  plans: string;
}

/**
 * The home page's first words (its hero) in every language, a module per language. Each catalog's `home` takes its
 * own from here (so a language's lazy catalog does not carry the others), and the page's first screen
 * (features/home/first-screen.ts), painted by the shell's HTML before any catalog has loaded, takes all six: it
 * cannot carry six whole catalogs, and from one source it cannot say anything the page would not.
 */
export const HOME_HERO: Record<Language, HomeHero> = { en, fr, de, es, it, ar };

import { LANGUAGE_STORAGE_KEY, directionOf, openingLanguage } from '@wayfarer/contracts/browser';
import { HOME_HERO } from '../../locales/home-hero';

/*
 * The home page's first screen (contracts' first-screen.ts), run by the shell's HTML as soon as this
 * remote's manifest is in, before any React or catalog has downloaded: the hero (title, lead and the two links'
 * shapes) in the language the page will open in (contracts' openingLanguage, as the i18n instance decides), and
 * quiet shapes for the rest. No heading or link elements: it is a picture (the overlay is aria-hidden), and the
 * page's own are the only ones a reader or a query finds. The hero's text is the page's largest paint; the page replaces it when it commits
 * (lazyPage). The numbers are those of the page's own styles (@wayfarer/ui's styles.css: body, headings,
 * .wf-container, .wf-page, .wf-btn; marketing.css: .mk-hero, .mk-lead, .mk-section, .mk-grid), so the text sets
 * the same lines in the same place.
 */
const CSS = `.wf-fs-home{padding-top:65px;font-family:var(--font,'Inter',system-ui,-apple-system,'Segoe UI',Roboto,sans-serif);line-height:1.5;color:var(--text,#e8eef5);-webkit-font-smoothing:antialiased}
.wf-fs-home *{box-sizing:border-box}
.wf-fs-c{width:min(1200px,100% - 2rem);margin-inline:auto;padding-block:2rem 4rem}
.wf-fs-hero{padding:2.5rem 0 1.5rem}
.wf-fs-h1{font-size:clamp(1.8rem,4vw,2.8rem);font-weight:bold;margin:0 0 .75rem;line-height:1.2}
.wf-fs-lead{font-size:1.1rem;max-width:60ch;color:var(--text-muted,#9fb0c2)}
.wf-fs-btn{display:inline-flex;font-weight:600;padding:.6rem 1.1rem;border-radius:8px;border:1px solid transparent;background:var(--accent,#3fb6a8);color:var(--accent-contrast,#06201d)}
.wf-fs-ghost{background:transparent;color:var(--text,#e8eef5);border-color:var(--border,#2a3848)}
.wf-fs-sec{margin:2.5rem 0}
.wf-fs-h2{height:1.8rem;width:14rem;max-width:70%;margin:1.25rem 0}
.wf-fs-grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(220px,1fr))}
.wf-fs-h2,.wf-fs-card{background:var(--bg-elev,#17212c);border-radius:12px}
.wf-fs-card{height:11rem}`;

/** Text as HTML (the catalogs' words are plain text). */
const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function stored(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Paints the home page's first screen into `root`, in the language the page will open in. */
export function paintHomeFirstScreen(root: HTMLElement): Promise<void> {
  const language = openingLanguage({
    search: window.location.search,
    stored: stored(),
    navigatorLanguages: navigator.languages ?? [],
  });
  const hero = HOME_HERO[language];
  root.lang = language;
  root.dir = directionOf(language);
  const cards = '<span class="wf-fs-card"></span>'.repeat(3);
  root.innerHTML =
    `<style>${CSS}</style><div class="wf-fs-home"><div class="wf-fs-c"><div class="wf-fs-hero">` +
    `<div class="wf-fs-h1">${escape(hero.title)}</div><p class="wf-fs-lead">${escape(hero.lead)}</p>` +
    `<p><span class="wf-fs-btn">${escape(hero.start)}</span> ` +
    `<span class="wf-fs-btn wf-fs-ghost">${escape(hero.plans)}</span></p></div>` +
    `<div class="wf-fs-sec"><div class="wf-fs-h2"></div><div class="wf-fs-grid">${cards}</div></div></div></div>`;
  // Text only: on screen with the next frame.
  return Promise.resolve();
}

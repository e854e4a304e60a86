import { readRuntimeConfig } from '@wayfarer/contracts/browser';
import { CENTRAL_TILES, previewTiles } from './tile-preview';
import { parseView } from './view-state';

/*
 * /explore's first screen (contracts' first-screen.ts): built on its own into mf-manifest.json, run by the
 * shell's HTML as soon as the manifest is in, before any React (the shell's or this remote's) has downloaded. It
 * draws the page's frame (toolbar, map box, list) as quiet shapes, with no text, so it needs neither translations
 * nor the theme, and in the map's box the tiles the page's preview will show (the same previewTiles over a box of
 * the same size): the page's largest paint, requested one script download earlier, and the preview's own requests
 * for them come from the cache. The page removes it when it commits (lazyPage).
 * The numbers are explore.css's (the page, its toolbar and its layout); a first screen that does not match to the
 * pixel only moves when the page replaces it.
 */
const CSS = `.wf-fs-page{display:flex;flex-direction:column;gap:.5rem;padding:calc(65px + .75rem) 1rem 1rem;box-sizing:border-box;height:100%}
.wf-fs-page *{box-sizing:border-box}
.wf-fs-bar{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem .75rem}
.wf-fs-bar>*,.wf-fs-chips>*,.wf-fs-row{background:var(--bg-elev,#17212c);border-radius:8px}
.wf-fs-title{width:86px;height:30px;margin-right:.5rem}
.wf-fs-search{flex:1 1 260px;max-width:460px;height:45px}
.wf-fs-locate{width:181px;height:45px}
.wf-fs-radius{width:160px;height:45px}
.wf-fs-bar>.wf-fs-chips{display:flex;flex-wrap:wrap;gap:.3rem;background:none}
.wf-fs-chips>*{height:32px;border-radius:999px}
.wf-fs-layout{flex:none;display:grid;grid-template-columns:minmax(300px,400px) 1fr;gap:.75rem;min-height:0;height:calc(100vh - 190px)}
.wf-fs-list{display:flex;flex-direction:column;gap:.5rem;padding-top:1.75rem}
.wf-fs-row{height:92px}
.wf-fs-map{position:relative;min-height:320px;border-radius:12px;overflow:hidden;border:1px solid var(--border,#2a3848);background:var(--bg-sunken,#0b1118)}
.wf-fs-tiles{position:absolute;inset:0;overflow:hidden}
.wf-fs-tiles img{position:absolute;max-width:none}
@media (max-width:820px){.wf-fs-layout{grid-template-columns:1fr;height:auto}.wf-fs-map{order:-1;height:52vh}}
`;

/** The chips' widths (All, Landmarks, Museums, Scenery, Historic in English), so the toolbar wraps as the page's. */
const CHIPS = [45, 111, 104, 87, 86];

/** Paints the first screen into `root`; resolves when its central tile has loaded or failed (at once: no tiles). */
export function paintFirstScreen(root: HTMLElement): Promise<void> {
  const chips = CHIPS.map((w) => `<span style="width:${w}px"></span>`).join('');
  const rows = '<span class="wf-fs-row"></span>'.repeat(4);
  root.innerHTML =
    `<style>${CSS}</style><div class="wf-fs-page"><div class="wf-fs-bar"><span class="wf-fs-title"></span>` +
    '<span class="wf-fs-search"></span><span class="wf-fs-locate"></span><span class="wf-fs-radius"></span>' +
    `<span class="wf-fs-chips">${chips}</span></div><div class="wf-fs-layout"><div class="wf-fs-list">${rows}</div>` +
    '<div class="wf-fs-map"><div class="wf-fs-tiles"></div></div></div></div>';
  const box = root.querySelector<HTMLElement>('.wf-fs-tiles');
  const template = readRuntimeConfig().mapTileUrl;
  if (!box || !template) return Promise.resolve();
  const view = parseView(new URLSearchParams(window.location.search));
  const tiles = previewTiles(template, view, { width: box.clientWidth, height: box.clientHeight });
  return new Promise((resolve) => {
    if (tiles.length === 0) resolve();
    tiles.forEach((t, i) => {
      const img = document.createElement('img');
      img.alt = '';
      img.width = 256;
      img.height = 256;
      img.style.left = `${t.left}px`;
      img.style.top = `${t.top}px`;
      img.setAttribute('fetchpriority', i < CENTRAL_TILES ? 'high' : 'low');
      img.onload = () => i === 0 && resolve();
      img.onerror = () => {
        img.style.visibility = 'hidden';
        if (i === 0) resolve();
      };
      img.src = t.url;
      box.appendChild(img);
    });
  });
}

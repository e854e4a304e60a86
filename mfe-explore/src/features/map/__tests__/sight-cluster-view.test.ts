import { jest } from '@jest/globals';
import L from 'leaflet';
import { formatters } from '@wayfarer/i18n';
import { toPlace, type Place } from '../../nearby';
import { countLabel } from '../cluster-index';
import { CLUSTER_HIGHLIGHT_CLASS, SightClusterView, type ClusterText } from '../sight-cluster-view';

const place = (id: string, lat: number, lon: number, cat = 'landmark'): Place =>
  toPlace({ id, name: `Sight ${id}`, latitude: lat, longitude: lon, category_slugs: [cat] }) as Place;

function grid(n: number, lat = 48.85, lon = 2.29, step = 0.004): Place[] {
  const side = Math.ceil(Math.sqrt(n));
  return Array.from({ length: n }, (_, i) =>
    place(`p${i}`, lat + Math.floor(i / side) * step, lon + (i % side) * step, i % 2 ? 'museum' : 'landmark'),
  );
}

let map: L.Map;
let container: HTMLDivElement;
const onOpen = jest.fn<(p: Place) => void>();
const onHover = jest.fn<(id: string | null) => void>();

beforeEach(() => {
  container = document.createElement('div');
  // jsdom does no layout: give Leaflet a 800 x 600 map.
  Object.defineProperty(container, 'clientWidth', { value: 800 });
  Object.defineProperty(container, 'clientHeight', { value: 600 });
  document.body.appendChild(container);
  map = L.map(container, { zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false }).setView(
    [48.87, 2.31],
    12,
  );
  onOpen.mockReset();
  onHover.mockReset();
});
afterEach(() => {
  map.remove();
  container.remove();
});

const clusters = () => [...container.querySelectorAll<HTMLElement>('.marker-cluster')];
const pins = () => [...container.querySelectorAll<HTMLElement>('.explore-pin')];
const shownTotal = () => clusters().reduce((s, el) => s + Number(el.title.split(' ')[0]), 0) + pins().length;
const fire = (el: Element, type: string) =>
  el.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true }));

describe('SightClusterView', () => {
  it('clusters all sights but builds markers only for the view', () => {
    const view = new SightClusterView(map, { onOpen, onHover });
    const near = grid(400);
    const faraway = grid(600, 40.7, -74);
    view.setPlaces([...near, ...faraway]);
    expect(clusters().length).toBeGreaterThan(0);
    // New York is not in view: no markers for it, every Paris sight represented.
    expect(shownTotal()).toBe(400);
    expect(view.markerCount).toBe(clusters().length + pins().length);
    map.setView([40.7, -74], 12);
    expect(shownTotal()).toBe(600);
  });

  it('zooms into a cluster on click and on Enter, down to single markers', () => {
    const view = new SightClusterView(map, { onOpen, onHover });
    view.setPlaces(grid(100, 48.87, 2.31, 0.0004));
    expect(clusters()).toHaveLength(1);
    const z = map.getZoom();
    fire(clusters()[0]!, 'click');
    expect(map.getZoom()).toBeGreaterThan(z);
    while (clusters().length) {
      const before = map.getZoom();
      clusters()[0]!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
      );
      expect(map.getZoom()).toBeGreaterThan(before);
    }
    expect(onOpen).not.toHaveBeenCalled();
    expect(pins().length).toBeGreaterThan(0);
  });

  it('opens a sight on click or Enter and reports hover to the list', () => {
    const view = new SightClusterView(map, { onOpen, onHover });
    const lone = place('lone', 48.87, 2.31, 'museum');
    view.setPlaces([lone, place('other', 48.9, 2.4)]);
    const pin = container.querySelector<HTMLElement>('.explore-pin--museum')!;
    expect(pin.title).toBe('Sight lone');
    expect(pin.getAttribute('role')).toBe('button');
    expect(pin.tabIndex).toBe(0);
    fire(pin, 'mouseover');
    expect(onHover).toHaveBeenLastCalledWith('lone');
    fire(pin, 'mouseout');
    expect(onHover).toHaveBeenLastCalledWith(null);
    fire(pin, 'click');
    expect(onOpen).toHaveBeenCalledWith(lone);
    pin.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it("a catalogue sight's pin is a real link to its page; a plain click or Enter opens it in the app, a modified click is the browser's", () => {
    const hrefOf = (p: Place) => (p.id.startsWith('osm-') ? null : `/explore/${p.id}?km=5`);
    const view = new SightClusterView(map, { onOpen, onHover, hrefOf });
    const lone = place('lone', 48.87, 2.31, 'museum');
    const osm = place('osm-node-9', 48.9, 2.4, 'landmark');
    view.setPlaces([lone, osm]);
    map.setView([48.88, 2.35], 12);
    const pin = container.querySelector<HTMLElement>('.explore-pin--museum')!;
    const link = pin.querySelector<HTMLAnchorElement>('a')!;
    expect(link.getAttribute('href')).toBe('/explore/lone?km=5');
    expect(link.getAttribute('aria-label')).toBe('Sight lone');
    // One tab stop: the link, not the marker around it.
    expect(pin.getAttribute('role')).toBeNull();
    expect(pin.hasAttribute('tabindex')).toBe(false);
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(plain);
    expect(onOpen).toHaveBeenCalledWith(lone);
    expect(plain.defaultPrevented).toBe(true);
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(newTab);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(newTab.defaultPrevented).toBe(false);
    // Enter on a link is the browser's click (not opened twice); the highlight keeps the link.
    link.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    view.setHighlight('lone');
    expect(container.querySelector('.explore-pin--museum.is-highlighted a')!.getAttribute('href')).toBe(
      '/explore/lone?km=5',
    );
    // A map-data place is not in the catalogue: its pin stays a button.
    const osmPin = container.querySelector<HTMLElement>('.explore-pin--landmark')!;
    expect(osmPin.querySelector('a')).toBeNull();
    expect(osmPin.getAttribute('role')).toBe('button');
  });

  it('highlights a hovered list sight: its own marker, or the cluster holding it', () => {
    const view = new SightClusterView(map, { onOpen, onHover });
    const packed = grid(30, 48.87, 2.31, 0.0003);
    const lone = place('lone', 48.84, 2.25);
    view.setPlaces([...packed, lone]);
    view.setHighlight('lone');
    expect(container.querySelectorAll('.explore-pin.is-highlighted')).toHaveLength(1);
    view.setHighlight(packed[3]!.id);
    expect(container.querySelectorAll('.explore-pin.is-highlighted')).toHaveLength(0);
    expect(container.querySelectorAll(`.${CLUSTER_HIGHLIGHT_CLASS}`)).toHaveLength(1);
    // The highlight follows the sight when the view changes.
    map.setView([48.87, 2.31], 18);
    expect(container.querySelectorAll(`.${CLUSTER_HIGHLIGHT_CLASS}`)).toHaveLength(0);
    expect(container.querySelectorAll('.explore-pin.is-highlighted')).toHaveLength(1);
    view.setHighlight(null);
    expect(container.querySelectorAll('.is-highlighted')).toHaveLength(0);
  });

  it('keeps markers of sights that stay and drops the rest when the sights change', () => {
    const view = new SightClusterView(map, { onOpen, onHover });
    const a = place('a', 48.87, 2.31);
    const b = place('b', 48.9, 2.4);
    view.setPlaces([a, b]);
    const el = container.querySelector<HTMLElement>('[title="Sight a"]');
    view.setPlaces([{ ...a, city: 'Paris' }]);
    expect(container.querySelector('[title="Sight a"]')).toBe(el);
    expect(container.querySelector('[title="Sight b"]')).toBeNull();
    view.setPlaces([]);
    expect(view.markerCount).toBe(0);
    view.destroy();
    expect(container.querySelectorAll('.leaflet-marker-icon')).toHaveLength(0);
  });

  it("labels cluster bubbles in the traveller's language and relabels them in place when it changes", () => {
    const textIn = (lang: string): ClusterText => ({
      label: (n) => countLabel(n, formatters(lang)),
      title: (n) => `${n} (${lang})`,
    });
    const view = new SightClusterView(map, { onOpen, onHover }, textIn('en'));
    const packed = grid(1500, 48.87, 2.31, 0.00001);
    view.setPlaces(packed);
    expect(clusters()).toHaveLength(1);
    const bubble = clusters()[0]!;
    expect(bubble.textContent).toBe('1.5K');
    expect(bubble.title).toBe('1500 (en)');
    view.setHighlight(packed[7]!.id);
    view.setText(textIn('fr'));
    // The same element (keyboard focus stays), its count, title and highlight updated.
    expect(clusters()).toEqual([bubble]);
    expect(bubble.textContent).toBe('1,5\u00a0k');
    expect(bubble.title).toBe('1500 (fr)');
    expect(bubble.classList.contains(CLUSTER_HIGHLIGHT_CLASS)).toBe(true);
    view.setText(textIn('ar'));
    expect(bubble.textContent).toBe('1.5\u00a0ألف');
    // Markers made after the change read the new language too.
    view.setPlaces(grid(2300, 48.87, 2.31, 0.00001));
    expect(clusters().map((el) => el.textContent)).toEqual(['2.3\u00a0ألف']);
  });
});

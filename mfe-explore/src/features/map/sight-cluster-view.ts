import L from 'leaflet';
import { activeLanguage, formatters } from '@wayfarer/i18n';
import type { Place } from '../nearby';
import { tExplore } from '../../i18n';
import { categoryIcon, clusterIcon, PIN_LINK_CLASS } from './category-icons';
import {
  CLUSTER_MAX_ZOOM,
  countLabel,
  fanOutSameSpot,
  SightClusterIndex,
  type ViewItem,
} from './cluster-index';

/** Markers are kept for the view plus this share of its size on each side, so short pans rebuild nothing. */
export const VIEW_PAD = 0.25;
export const CLUSTER_HIGHLIGHT_CLASS = 'explore-cluster--highlighted';

export interface ClusterViewHandlers {
  onOpen: (p: Place) => void;
  onHover: (id: string | null) => void;
  /**
   * A sight's page: its pin is then a real link (new tab, copy link, middle-click; a plain click or Enter still
   * calls onOpen, in the app). Null or absent: the pin is a button.
   */
  hrefOf?: (p: Place) => string | null;
}

/** A cluster's words in the traveller's language: the count on its bubble and its marker's title. */
export interface ClusterText {
  label: (count: number) => string;
  title: (count: number) => string;
}

/** Without a component to say so (tests, standalone use): the language active when a marker is made. */
const ACTIVE_LANGUAGE_TEXT: ClusterText = {
  label: (count) => countLabel(count, formatters(activeLanguage())),
  title: (count) => tExplore('map.cluster', { count }),
};

interface Shown {
  marker: L.Marker;
  item: ViewItem;
}

/**
 * The sights layer of the explore map: every sight clustered for the zoom shown (SightClusterIndex), and Leaflet markers
 * only for the clusters and single sights in (and just around) the current view, updated by diff after each move.
 * Clusters zoom in on click or Enter; single sights open on click or Enter and report hover to the list.
 */
export class SightClusterView {
  private readonly group = L.featureGroup();
  private index: SightClusterIndex | null = null;
  private shown = new Map<string, Shown>();
  private readonly byMarker = new WeakMap<L.Layer, Shown>();
  private idToIndex: Map<string, number> | null = null;
  private highlightedId: string | null = null;
  private lit: Shown | null = null;

  constructor(
    private readonly map: L.Map,
    private readonly handlers: ClusterViewHandlers,
    private text: ClusterText = ACTIVE_LANGUAGE_TEXT,
  ) {
    this.group.on('click', (e) => {
      const s = this.entryOf(e);
      if (!s) return;
      const click = (e as L.LeafletMouseEvent).originalEvent;
      if (click && this.linkOf(click)) {
        // A link: with a modifier the browser opens it (new tab or window); otherwise the app does.
        if (click.ctrlKey || click.metaKey || click.shiftKey || click.altKey) return;
        click.preventDefault();
      }
      this.activate(s);
    });
    // Markers are focusable buttons (role=button, tabindex 0); Leaflet gives them no key activation of their own.
    // A link's Enter is its own click.
    this.group.on('keydown', (e) => {
      const key = (e as L.LeafletKeyboardEvent).originalEvent;
      if (key.key !== 'Enter' && key.key !== ' ') return;
      if (key.key === 'Enter' && this.linkOf(key)) return;
      const s = this.entryOf(e);
      if (!s) return;
      key.preventDefault();
      this.activate(s);
    });
    this.group.on('mouseover', (e) => {
      const s = this.entryOf(e);
      if (s?.item.kind === 'sight') this.handlers.onHover(s.item.place.id);
    });
    this.group.on('mouseout', (e) => {
      if (this.entryOf(e)?.item.kind === 'sight') this.handlers.onHover(null);
    });
    map.on('moveend', this.render);
    this.group.addTo(map);
  }

  /** Clusters a new set of sights and shows the view at once. */
  setPlaces(places: readonly Place[]): void {
    this.index = places.length ? new SightClusterIndex(places) : null;
    this.idToIndex = null;
    this.render();
  }

  /**
   * The language changed: relabels the clusters shown (Leaflet keeps a marker's icon and title until told; the
   * icon's element is reused, so focus stays).
   */
  setText(text: ClusterText): void {
    if (text === this.text) return;
    this.text = text;
    this.clearLit();
    for (const { marker, item } of this.shown.values()) {
      if (item.kind !== 'cluster') continue;
      const title = text.title(item.count);
      marker.options.title = title;
      marker.setIcon(clusterIcon(item.count, text.label(item.count)));
      marker.getElement()?.setAttribute('title', title);
    }
    this.light();
  }

  setHighlight(id: string | null): void {
    if (id === this.highlightedId) return;
    this.clearLit();
    this.highlightedId = id;
    this.light();
  }

  /** Number of markers (clusters and single sights) in the DOM. */
  get markerCount(): number {
    return this.shown.size;
  }

  destroy(): void {
    this.map.off('moveend', this.render);
    this.group.clearLayers();
    this.group.off();
    this.group.remove();
    this.shown.clear();
    this.lit = null;
  }

  private readonly render = (): void => {
    const items = this.viewItems();
    this.clearLit();
    const next = new Map<string, Shown>();
    const add: L.Marker[] = [];
    for (const it of items) {
      const known = this.shown.get(it.key);
      if (known) {
        this.shown.delete(it.key);
        const was = known.item;
        if (was.lat !== it.lat || was.lon !== it.lon) known.marker.setLatLng([it.lat, it.lon]);
        known.item = it;
        if (was.kind === 'sight' && it.kind === 'sight') {
          // The address follows the list's view (it carries it for the way back).
          if (was.category !== it.category) this.setPinIcon(known);
          else this.linkPin(known.marker, it.place, this.handlers.hrefOf?.(it.place) ?? null);
        }
        next.set(it.key, known);
        continue;
      }
      const s: Shown = { marker: this.createMarker(it), item: it };
      this.byMarker.set(s.marker, s);
      next.set(it.key, s);
      add.push(s.marker);
    }
    for (const gone of this.shown.values()) this.group.removeLayer(gone.marker);
    for (const m of add) this.group.addLayer(m);
    this.shown = next;
    this.light();
  };

  private viewItems(): ViewItem[] {
    if (!this.index) return [];
    const b = this.map.getBounds().pad(VIEW_PAD);
    const zoom = this.map.getZoom();
    const items = this.index.itemsInView(
      { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
      zoom,
    );
    if (zoom <= CLUSTER_MAX_ZOOM) return items;
    return fanOutSameSpot(
      items,
      (lat, lon) => this.map.project([lat, lon], zoom),
      (x, y) => {
        const ll = this.map.unproject([x, y], zoom);
        return { lat: ll.lat, lon: ll.lng };
      },
    );
  }

  private createMarker(it: ViewItem): L.Marker {
    if (it.kind === 'cluster') {
      return L.marker([it.lat, it.lon], {
        icon: clusterIcon(it.count, this.text.label(it.count)),
        title: this.text.title(it.count),
        keyboard: true,
        riseOnHover: true,
      });
    }
    const href = this.handlers.hrefOf?.(it.place) ?? null;
    const marker = L.marker([it.lat, it.lon], {
      icon: categoryIcon(it.category, false, href !== null),
      title: it.place.name,
      alt: it.place.name,
      // A link pin is reached by Tab through its link; a button pin is the marker itself.
      keyboard: href === null,
      riseOnHover: true,
    });
    marker.on('add', () => this.linkPin(marker, it.place, href));
    return marker;
  }

  /** The <a> of a link pin gets the sight's address and name (the icon's HTML is shared by every pin). */
  private linkPin(marker: L.Marker, place: Place, href: string | null): void {
    const a = marker.getElement()?.querySelector<HTMLAnchorElement>(`a.${PIN_LINK_CLASS}`);
    if (!a || href === null) return;
    a.href = href;
    a.setAttribute('aria-label', place.name);
  }

  private setPinIcon(s: Shown, highlighted = false): void {
    if (s.item.kind !== 'sight') return;
    const href = this.handlers.hrefOf?.(s.item.place) ?? null;
    s.marker.setIcon(categoryIcon(s.item.category, highlighted, href !== null));
    this.linkPin(s.marker, s.item.place, href);
  }

  /** The link pin an event happened in, if any. */
  private linkOf(e: Event): HTMLAnchorElement | null {
    return e.target instanceof Element ? e.target.closest<HTMLAnchorElement>(`a.${PIN_LINK_CLASS}`) : null;
  }

  private activate(s: Shown): void {
    if (s.item.kind === 'sight') this.handlers.onOpen(s.item.place);
    else this.zoomInto(s);
  }

  private entryOf(e: L.LeafletEvent): Shown | undefined {
    const from = (e as L.LeafletEvent & { propagatedFrom?: L.Layer }).propagatedFrom;
    return from ? this.byMarker.get(from) : undefined;
  }

  /** Zooms to fit the cluster's sights, at least one level in and at most to street level where none cluster. */
  private zoomInto(s: Shown): void {
    const it = s.item;
    if (it.kind !== 'cluster' || !this.index) return;
    const byKeyboard = document.activeElement != null && document.activeElement === s.marker.getElement();
    const places = this.index.places;
    const bounds = L.latLngBounds(
      this.index
        .leaves(it.zoom, it.cluster)
        .map((i) => [places[i]!.latitude, places[i]!.longitude] as L.LatLngTuple),
    );
    const fit = this.map.getBoundsZoom(bounds, false, L.point(48, 48));
    const zoom = Math.min(Math.max(it.zoom + 1, Math.min(fit, CLUSTER_MAX_ZOOM + 1)), this.map.getMaxZoom());
    this.map.setView(bounds.getCenter(), zoom);
    // The focused cluster is gone after the zoom: keep keyboard users on the map, next Tab reaches its markers.
    if (byKeyboard) this.map.getContainer().focus({ preventScroll: true });
  }

  private light(): void {
    const id = this.highlightedId;
    if (!id || !this.index) return;
    const own = this.shown.get(`s:${id}`);
    if (own?.item.kind === 'sight') {
      this.setPinIcon(own, true);
      own.marker.setZIndexOffset(1000);
      this.lit = own;
      return;
    }
    if (!this.idToIndex) this.idToIndex = new Map(this.index.places.map((p, i) => [p.id, i]));
    const i = this.idToIndex.get(id);
    if (i === undefined) return;
    const key = this.index.clusterKeyOf(i, this.map.getZoom());
    const cluster = key ? this.shown.get(key) : undefined;
    if (!cluster) return;
    cluster.marker.getElement()?.classList.add(CLUSTER_HIGHLIGHT_CLASS);
    this.lit = cluster;
  }

  private clearLit(): void {
    const s = this.lit;
    this.lit = null;
    if (!s) return;
    if (s.item.kind === 'sight') {
      this.setPinIcon(s);
      s.marker.setZIndexOffset(0);
    } else {
      s.marker.getElement()?.classList.remove(CLUSTER_HIGHLIGHT_CLASS);
    }
  }
}

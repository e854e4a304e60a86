import { act, render } from '@testing-library/react';
import { MapContainer } from 'react-leaflet';
import { applyLanguage } from '@wayfarer/i18n';
import { toPlace, type Place } from '../../nearby';
import { exploreCatalogReady } from '../../../i18n';
import { giveElementsASize } from '../../../testing/element-size';
import { ClusterLayer } from '../cluster-layer';

/** n sights packed within a few metres: one cluster at zoom 12. */
const packed = (n: number): Place[] =>
  Array.from(
    { length: n },
    (_, i) =>
      toPlace({
        id: `p${i}`,
        name: `Sight ${i}`,
        latitude: 48.87 + Math.floor(i / 40) * 0.00001,
        longitude: 2.31 + (i % 40) * 0.00001,
        category_slugs: ['landmark'],
      }) as Place,
  );

giveElementsASize();
beforeAll(async () => {
  await exploreCatalogReady;
});
afterEach(async () => {
  await act(() => applyLanguage('en'));
});

function renderLayer(places: Place[]) {
  const { container } = render(
    <MapContainer center={[48.87, 2.31]} zoom={12} style={{ height: 600, width: 800 }}>
      <ClusterLayer places={places} highlightedId={null} onOpen={() => {}} onHover={() => {}} />
    </MapContainer>,
  );
  return () => [...container.querySelectorAll<HTMLElement>('.marker-cluster')];
}

describe('ClusterLayer', () => {
  it('counts cluster bubbles in the active language and follows a language change without a reload', async () => {
    const clusters = renderLayer(packed(1500));
    expect(clusters().map((el) => [el.textContent, el.title])).toEqual([
      ['1.5K', '1500 sights here, zoom in'],
    ]);
    const bubble = clusters()[0]!;

    await act(() => applyLanguage('fr'));
    expect(clusters()).toEqual([bubble]);
    expect(bubble.textContent).toBe('1,5\u00a0k');
    expect(bubble.title).toBe('1500 sites ici, zoomez pour les voir');

    await act(() => applyLanguage('ar'));
    expect(bubble.textContent).toBe('1.5\u00a0ألف');
  });

  it('opens in the active language', async () => {
    await act(() => applyLanguage('es'));
    const clusters = renderLayer(packed(12_400));
    expect(clusters().map((el) => el.textContent)).toEqual(['12\u00a0mil']);
  });
});

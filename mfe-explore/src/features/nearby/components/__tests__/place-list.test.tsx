import { jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { toPlace, type Place } from '../../utils/places-logic';
import { MemoryRouter, Route, Routes, useLocation } from '@wayfarer/router';
import { withQueryClient } from '@wayfarer/session/testing';
import { LIST_PAGE, PlaceList, type PlaceLink } from '../place-list';

// A row names its place in the page's language from the city names list, a query of its own.
const inQueryClient = () => ({ wrapper: withQueryClient().wrapper });

const places = (n: number): Place[] =>
  Array.from(
    { length: n },
    (_, i) =>
      toPlace({
        id: `p${i}`,
        name: `Sight ${i}`,
        latitude: 48.85,
        longitude: 2.29,
        distance_m: 10 * i,
        category_slugs: ['museum'],
      }) as Place,
  );

function setup(list: Place[], highlightedId: string | null = null) {
  const onHover = jest.fn<(id: string | null) => void>();
  const onOpen = jest.fn<(p: Place) => void>();
  const view = render(
    <PlaceList
      places={list}
      loading={false}
      highlightedId={highlightedId}
      onHover={onHover}
      onOpen={onOpen}
    />,
    inQueryClient(),
  );
  return { onHover, onOpen, ...view };
}

describe('PlaceList', () => {
  it('renders one page of rows for 10,000 sights, and another page per "Show more"', () => {
    setup(places(10_000));
    expect(screen.getAllByTestId('place-item')).toHaveLength(LIST_PAGE);
    fireEvent.click(screen.getByRole('button', { name: `Show more (${10_000 - LIST_PAGE} more)` }));
    expect(screen.getAllByTestId('place-item')).toHaveLength(2 * LIST_PAGE);
    expect(screen.getAllByTestId('place-item')[LIST_PAGE]!.getAttribute('data-place-id')).toBe(
      `p${LIST_PAGE}`,
    );
  });

  it('has no "Show more" when everything fits', () => {
    setup(places(3));
    expect(screen.getAllByTestId('place-item')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });

  it('reports hover and keyboard focus for the map, opens on click, marks the highlighted row', () => {
    const list = places(5);
    const { onHover, onOpen, rerender } = setup(list);
    const row = screen.getAllByTestId('place-item')[2]!;
    fireEvent.mouseEnter(row);
    expect(onHover).toHaveBeenLastCalledWith('p2');
    fireEvent.mouseLeave(row);
    expect(onHover).toHaveBeenLastCalledWith(null);
    const button = within(row).getByRole('button');
    fireEvent.focus(button);
    expect(onHover).toHaveBeenLastCalledWith('p2');
    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledWith(list[2]);
    rerender(
      <PlaceList places={list} loading={false} highlightedId="p2" onHover={onHover} onOpen={onOpen} />,
    );
    expect(screen.getAllByTestId('place-item').map((r) => r.classList.contains('is-highlighted'))).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(within(row).getByTestId('place-distance').textContent).toBe('20 m');
  });

  it('a catalogue sight is a real link to its page (href for new tabs and copying); a map-data place stays a button', () => {
    const list = [
      ...places(2),
      toPlace({
        id: 'osm-node-1',
        name: 'Map-data fountain',
        latitude: 48.85,
        longitude: 2.29,
        distance_m: 5,
        category_slugs: [],
      }) as Place,
    ];
    const onOpen = jest.fn<(p: Place) => void>();
    const linkOf: PlaceLink = (p) =>
      p.id.startsWith('osm-')
        ? null
        : {
            to: `/explore/${p.id}?lat=48.85&lon=2.29&km=5`,
            state: { listSearch: '?lat=48.85&lon=2.29&km=5' },
          };
    function Detail() {
      const loc = useLocation();
      return (
        <p>
          Detail {loc.pathname} {(loc.state as { listSearch?: string } | null)?.listSearch}
        </p>
      );
    }
    render(
      <MemoryRouter initialEntries={['/explore']}>
        <Routes>
          <Route
            path="/explore"
            element={
              <PlaceList
                places={list}
                loading={false}
                highlightedId={null}
                onHover={() => {}}
                onOpen={onOpen}
                linkOf={linkOf}
              />
            }
          />
          <Route path="/explore/:id" element={<Detail />} />
        </Routes>
      </MemoryRouter>,
      inQueryClient(),
    );
    const rows = screen.getAllByTestId('place-item');
    const link = within(rows[1]!).getByRole('link', { name: /Sight 1/ });
    expect(link.getAttribute('href')).toBe('/explore/p1?lat=48.85&lon=2.29&km=5');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    fireEvent.click(within(rows[2]!).getByRole('button', { name: /Map-data fountain/ }));
    expect(onOpen).toHaveBeenCalledWith(list[2]);
    // A plain click stays in the app (client-side, with the list's view kept for the way back).
    fireEvent.click(link);
    expect(screen.getByText('Detail /explore/p1 ?lat=48.85&lon=2.29&km=5')).toBeTruthy();
  });

  it('shows skeletons while the first results load', () => {
    render(
      <PlaceList places={[]} loading highlightedId={null} onHover={() => {}} onOpen={() => {}} />,
      inQueryClient(),
    );
    expect(screen.getAllByTestId('place-skeleton').length).toBeGreaterThan(0);
    expect(screen.queryAllByTestId('place-item')).toHaveLength(0);
  });
});

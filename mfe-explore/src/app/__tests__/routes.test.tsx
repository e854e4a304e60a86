import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter } from '@wayfarer/router';

// Stand-ins for the two pages that record when their code is loaded (the chunk download in a browser).
const loaded: string[] = [];
jest.unstable_mockModule('../../features/nearby/explore-page', async () => {
  loaded.push('ExplorePage');
  return {
    ExplorePage: () => (
      <>
        <h1>Map</h1>
        <Link to="/explore/Q243">Eiffel Tower</Link>
      </>
    ),
  };
});
jest.unstable_mockModule('../../features/sight-detail/sight-detail-page', async () => {
  loaded.push('SightDetailPage');
  return { SightDetailPage: () => <h1>Sight</h1> };
});
const { default: ExploreApp } = await import('../routes');

test('the map page and the sight detail are separate downloads: /explore loads the map, hovering a sight loads its detail', async () => {
  render(
    <MemoryRouter initialEntries={['/explore?lat=48.85&lon=2.29']}>
      <ExploreApp basePath="/" />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('heading', { name: 'Map' })).toBeTruthy();
  expect(loaded).toEqual(['ExplorePage']);
  fireEvent.pointerOver(screen.getByRole('link', { name: 'Eiffel Tower' }));
  await waitFor(() => expect(loaded).toEqual(['ExplorePage', 'SightDetailPage']));
  fireEvent.click(screen.getByRole('link', { name: 'Eiffel Tower' }));
  expect(await screen.findByRole('heading', { name: 'Sight' })).toBeTruthy();
});

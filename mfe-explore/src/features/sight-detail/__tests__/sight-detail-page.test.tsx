import { jest } from '@jest/globals';
import { render, screen, fireEvent } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@wayfarer/router';
import { withQueryClient } from '@wayfarer/session/testing';
import { SightDetailPage } from '../sight-detail-page';

function mockFetch(responses: { status: number; body: unknown }[]) {
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (url: RequestInfo | URL) => {
    calls.push(String(url));
    const r = responses[Math.min(calls.length - 1, responses.length - 1)];
    return new Response(JSON.stringify(r.body), {
      status: r.status,
      statusText: r.status === 404 ? 'Not Found' : 'Error',
    });
  }) as typeof fetch;
  return calls;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/explore/:placeId" element={<SightDetailPage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );

describe('SightDetailPage', () => {
  it('unknown id shows the not-found state without retrying, with a back link keeping the list view', async () => {
    const calls = mockFetch([{ status: 404, body: { error: 'Sight not found' } }]);
    renderAt('/explore/nope?lat=1&lon=2&km=5&type=museum&q=x&other=y');
    expect(await screen.findByText('Sight not found')).toBeTruthy();
    expect(calls.filter((u) => u.includes('/sights/detail/'))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe(
      '/explore?lat=1&lon=2&km=5&type=museum&q=x',
    );
  });

  it('a failing load is retried once, then shows the spec error with a Retry that loads again', async () => {
    const calls = mockFetch([
      { status: 500, body: {} },
      { status: 500, body: {} },
      {
        status: 200,
        body: {
          sight: {
            id: 's9',
            name: 'Old Bridge',
            latitude: 1,
            longitude: 2,
            rating_avg: 4.5,
            ratings_count: 2,
          },
          stations: [],
        },
      },
      { status: 200, body: { items: [] } },
    ]);
    renderAt('/explore/s9');
    expect(await screen.findByText('Failed to load sight.', undefined, { timeout: 3000 })).toBeTruthy();
    expect(calls.filter((u) => u.includes('/sights/detail/s9'))).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Old Bridge' })).toBeTruthy();
    expect(screen.getByTestId('rating-avg').textContent).toBe('4.5');
  });
});

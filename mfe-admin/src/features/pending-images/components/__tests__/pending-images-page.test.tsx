import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import { setSupabaseForTests, type WayfarerSupabase } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { dashboardKeys, normalizeStats } from '../../../dashboard';
import { PendingImagesPage } from '../pending-images-page';

const image = {
  id: 'img1',
  sight_id: 's1',
  sight_name: 'Eiffel Tower',
  storage_path: 's1/a.jpg',
  uploader_id: 'u2',
  uploader_name: 'Ana',
  created_at: '2026-11-20T10:00:00Z',
  status: 'pending',
};

beforeEach(() => {
  setSupabaseForTests({
    auth: {
      getSession: async () => ({
        data: { session: { access_token: 'tok', user: { id: 'u' } } },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase);
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const path = new URL(String(input)).pathname;
    if (path === '/admin/images/pending') return new Response(JSON.stringify({ ok: true, items: [image] }));
    if (path.startsWith('/sights/images/sign/'))
      return new Response(JSON.stringify({ url: 'http://localhost:4000/media/a.jpg' }));
    if (path === '/admin/images/img1/approve')
      return new Response(JSON.stringify({ ok: true, updated: ['img1'] }));
    return new Response('{"error":"unexpected"}', { status: 500 });
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

test('a moderation action invalidates the dashboard stats cache (the counts changed)', async () => {
  const { client, wrapper } = withQueryClient();
  client.setQueryData(dashboardKeys.stats(), normalizeStats({ pending_images: 1 }));
  render(
    <MemoryRouter>
      <PendingImagesPage />
    </MemoryRouter>,
    { wrapper },
  );
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Approve image for Eiffel Tower' })).toBeTruthy(),
  );
  expect(client.getQueryState(dashboardKeys.stats())!.isInvalidated).toBe(false);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Approve image for Eiffel Tower' }));
  });
  await waitFor(() => expect(screen.getByText('Approved the image for Eiffel Tower.')).toBeTruthy());
  expect(client.getQueryState(dashboardKeys.stats())!.isInvalidated).toBe(true);
});

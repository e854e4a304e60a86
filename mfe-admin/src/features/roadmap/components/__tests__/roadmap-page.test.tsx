import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import type { WayfarerSupabase } from '@wayfarer/session';
import { setSupabaseForTests } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { Toaster } from '@wayfarer/ui';
import { RoadmapPage } from '../roadmap-page';

type Row = {
  id: string;
  title: string;
  description: string;
  status: string;
  position_order: number;
  is_published: boolean;
};
let server: Row[];
const calls: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  server = [
    {
      id: 'a',
      title: 'Offline maps',
      description: '',
      status: 'completed',
      position_order: 1,
      is_published: true,
    },
    {
      id: 'b',
      title: 'Audio guides',
      description: '',
      status: 'in_progress',
      position_order: 2,
      is_published: true,
    },
    {
      id: 'c',
      title: 'Group tours',
      description: '',
      status: 'planned',
      position_order: 3,
      is_published: false,
    },
  ];
  calls.length = 0;
  setSupabaseForTests({
    auth: {
      getSession: async () => ({
        data: { session: { access_token: 'tok', user: { id: 'u' } } },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase);
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    if (method === 'PUT' && url.endsWith('/admin/roadmap/reorder')) {
      const items = (body as { items: { id: string; position_order: number }[] }).items;
      server = server.map((r) => ({
        ...r,
        position_order: items.find((i) => i.id === r.id)!.position_order,
      }));
      return new Response(JSON.stringify({ ok: true }));
    }
    if (method === 'GET' && url.endsWith('/admin/roadmap'))
      return new Response(JSON.stringify({ ok: true, roadmap: server }));
    return new Response(JSON.stringify({ error: 'unexpected' }), { status: 500 });
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

const titles = () =>
  screen.getAllByTestId('admin-roadmap-row').map((li) => within(li).getByRole('heading').textContent);

test('keyboard move saves through the reorder call, re-fetches, and shows grouped published counts', async () => {
  render(
    <MemoryRouter>
      <RoadmapPage />
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
  await waitFor(() => expect(titles()).toEqual(['Offline maps', 'Audio guides', 'Group tours']));
  expect(screen.getByTestId('roadmap-counts').textContent).toBe('3 items · 2 published · 1 drafts');
  expect(within(screen.getByTestId('roadmap-group-completed')).getByText('1')).toBeTruthy();
  expect(
    within(screen.getByTestId('roadmap-group-planned')).getByText('Nothing published here.'),
  ).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Move Offline maps up' }) as HTMLButtonElement).disabled).toBe(
    true,
  );

  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Move Group tours up' }));
  });
  await waitFor(() => expect(titles()).toEqual(['Offline maps', 'Group tours', 'Audio guides']));
  const reorder = calls.find((c) => c.method === 'PUT')!;
  expect(reorder.body).toEqual({
    items: [
      { id: 'a', position_order: 1 },
      { id: 'c', position_order: 2 },
      { id: 'b', position_order: 3 },
    ],
  });
  expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT', 'GET']);
  expect(screen.getByText('Moved “Group tours” to position 2 of 3.')).toBeTruthy();
});

test('drag and drop saves the new order through the same reorder call', async () => {
  render(
    <MemoryRouter>
      <RoadmapPage />
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
  await waitFor(() => expect(titles()).toEqual(['Offline maps', 'Audio guides', 'Group tours']));
  const rows = screen.getAllByTestId('admin-roadmap-row');
  const dataTransfer = { setData: () => {}, getData: () => 'a', effectAllowed: '' };
  // Separate acts, as in a browser where each drag event is its own task.
  await act(async () => void fireEvent.dragStart(rows[0]!, { dataTransfer }));
  await act(async () => void fireEvent.dragOver(rows[2]!, { dataTransfer }));
  expect(rows[2]!.className).toContain('is-drop-target');
  await act(async () => void fireEvent.drop(rows[2]!, { dataTransfer }));
  await waitFor(() => expect(titles()).toEqual(['Audio guides', 'Group tours', 'Offline maps']));
  expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
    items: [
      { id: 'b', position_order: 1 },
      { id: 'c', position_order: 2 },
      { id: 'a', position_order: 3 },
    ],
  });
});

test('publishing and deleting, which change nothing else on screen, are confirmed by a toast', async () => {
  const fallback = globalThis.fetch;
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const id = url.split('/').pop()!;
    if (method === 'PUT' && !url.endsWith('/reorder')) {
      const body = JSON.parse(String(init!.body)) as Partial<Row>;
      server = server.map((r) => (r.id === id ? { ...r, ...body } : r));
      return new Response(JSON.stringify({ ok: true, roadmapItem: server.find((r) => r.id === id) }));
    }
    if (method === 'DELETE') {
      server = server.filter((r) => r.id !== id);
      return new Response(JSON.stringify({ ok: true }));
    }
    return fallback(input, init);
  }) as unknown as typeof fetch;
  render(
    <MemoryRouter>
      <RoadmapPage />
      <Toaster />
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
  await waitFor(() => expect(titles()).toEqual(['Offline maps', 'Audio guides', 'Group tours']));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Publish Group tours' }));
  });
  await waitFor(() => expect(screen.getByTestId('toasts').textContent).toContain('Published “Group tours”.'));
  const row = screen.getAllByTestId('admin-roadmap-row')[2]!;
  fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  await act(async () => {
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, delete' }));
  });
  await waitFor(() => expect(titles()).toEqual(['Offline maps', 'Audio guides']));
  expect(screen.getByTestId('toasts').textContent).toContain('Deleted “Group tours”.');
});

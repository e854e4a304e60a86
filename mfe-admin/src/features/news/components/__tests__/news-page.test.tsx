import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import type { WayfarerSupabase } from '@wayfarer/session';
import { setSupabaseForTests } from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { NewsPage } from '../news-page';

type N = {
  id: string;
  title: string;
  summary: string;
  body: string;
  image_url: null;
  is_published: boolean;
  published_at: null;
  created_at: string;
  updated_at: string;
};
let server: N[];
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  server = [
    {
      id: 'n1',
      title: 'Older story',
      summary: '',
      body: 'x',
      image_url: null,
      is_published: true,
      published_at: null,
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
    },
  ];
  setSupabaseForTests({
    auth: {
      getSession: async () => ({
        data: { session: { access_token: 'tok', user: { id: 'u' } } },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase);
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
    calls.push(`${method} ${url.pathname}`);
    const ok = (b: unknown) => new Response(JSON.stringify(b));
    if (url.pathname === '/admin/news' && method === 'GET') return ok({ ok: true, news: server });
    if (url.pathname === '/admin/news' && method === 'POST') {
      const n = {
        id: 'n2',
        image_url: null,
        published_at: null,
        created_at: '2026-11-22T00:00:00Z',
        updated_at: '2026-11-22T00:00:00Z',
        summary: '',
        ...body,
      } as N;
      server = [n, ...server];
      return ok({ ok: true, news: n, message: 'created' });
    }
    const id = url.pathname.split('/').pop()!;
    if (method === 'PUT') {
      server = server.map((n) => (n.id === id ? { ...n, ...body } : n));
      return ok({ ok: true, news: server.find((n) => n.id === id) });
    }
    if (method === 'DELETE') {
      if (id === 'n1') return new Response(JSON.stringify({ error: 'News item is locked' }), { status: 409 });
      server = server.filter((n) => n.id !== id);
      return ok({ ok: true });
    }
    return new Response('{}', { status: 404 });
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

const rowTitles = () =>
  screen.getAllByTestId('admin-news-row').map((r) => within(r).getByRole('heading').textContent);

test('create goes to the front, publish updates the counts, delete asks first, server errors are shown', async () => {
  render(
    <MemoryRouter>
      <NewsPage />
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
  await waitFor(() => expect(rowTitles()).toEqual(['Older story']));
  expect(screen.getByTestId('news-counts').textContent).toBe('1 items · 1 published · 0 drafts');

  fireEvent.click(screen.getByRole('button', { name: 'New news item' }));
  const form = screen.getByRole('form', { name: 'Create news item' });
  // Native `required` stops a click in the browser; submitting directly exercises our own check.
  fireEvent.submit(form);
  await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Please enter a title.'));
  expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(0);
  fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Fresh news' } });
  fireEvent.change(within(form).getByLabelText('Text'), { target: { value: 'Body' } });
  await act(async () => {
    fireEvent.click(within(form).getByRole('button', { name: 'Create news' }));
  });
  await waitFor(() => expect(rowTitles()).toEqual(['Fresh news', 'Older story']));
  expect(screen.getByTestId('news-counts').textContent).toBe('2 items · 1 published · 1 drafts');

  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Publish Fresh news' }));
  });
  await waitFor(() =>
    expect(screen.getByTestId('news-counts').textContent).toBe('2 items · 2 published · 0 drafts'),
  );

  fireEvent.click(screen.getByRole('button', { name: 'Drafts (0)' }));
  expect(screen.getByText('No news matches this filter')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'All (2)' }));

  const fresh = screen.getAllByTestId('admin-news-row')[0]!;
  fireEvent.click(within(fresh).getByRole('button', { name: 'Delete' }));
  expect(calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(0);
  await act(async () => {
    fireEvent.click(within(fresh).getByRole('button', { name: 'Yes, delete' }));
  });
  await waitFor(() => expect(rowTitles()).toEqual(['Older story']));

  const older = screen.getAllByTestId('admin-news-row')[0]!;
  fireEvent.click(within(older).getByRole('button', { name: 'Delete' }));
  await act(async () => {
    fireEvent.click(within(older).getByRole('button', { name: 'Yes, delete' }));
  });
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('News item is locked'));
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByText(/News item is locked/)).toBeNull();
});

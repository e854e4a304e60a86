import { jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import { ROADMAP_STATUS_LABEL } from '@wayfarer/contracts/browser';
import { withQueryClient } from '@wayfarer/session/testing';
import { InvestRoadmap } from '../components/invest-roadmap';

const item = (id: string, status: string, position_order: number, is_published = true) => ({
  id,
  title: `Item ${id}`,
  description: '',
  status,
  position_order,
  is_published,
  created_at: '',
  updated_at: '',
});

test('the investor roadmap groups published items by status, with the contracts’ labels, in position order', async () => {
  globalThis.fetch = jest.fn(
    async () =>
      new Response(
        JSON.stringify({
          ok: true,
          roadmap: [
            item('b', 'completed', 2),
            item('a', 'completed', 1),
            item('c', 'planned', 3),
            item('d', 'planned', 4, false),
          ],
        }),
      ),
  ) as unknown as typeof fetch;
  render(
    <MemoryRouter>
      <InvestRoadmap />
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
  const groups = within(await screen.findByTestId('roadmap')).getAllByRole('heading', { level: 3 });
  expect(groups.map((h) => h.textContent)).toEqual(['Completed 2', 'In progress 0', 'Planned 1']);
  expect(ROADMAP_STATUS_LABEL.completed).toBe('Completed');
  expect(screen.getAllByRole('listitem').map((li) => li.querySelector('strong')!.textContent)).toEqual([
    'Item a',
    'Item b',
    'Item c',
  ]);
});

test('a failed read shows the server’s text, else the fallback', async () => {
  globalThis.fetch = jest.fn(async () => new Response('{}', { status: 400 })) as unknown as typeof fetch;
  render(
    <MemoryRouter>
      <InvestRoadmap />
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
  expect(await screen.findByText('Failed to fetch roadmap')).toBeTruthy();
});

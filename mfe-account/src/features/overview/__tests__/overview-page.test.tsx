import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import type { UserOverview } from '@wayfarer/contracts';
import { balance, mockApi, resetSession, signedIn } from '../../../testing/api-mock';
import { OverviewPage } from '../overview-page';
import { withQueryClient } from '@wayfarer/session/testing';

const FREE = {
  plan: 'free',
  status: 'free',
  period: null,
  trial_ends_at: null,
  current_period_start: null,
  current_period_end: null,
  pending_plan: null,
  pending_period: null,
  cancel_at_period_end: false,
  trial_available: true,
} as const;

function overview(over: Partial<UserOverview> = {}): UserOverview {
  return {
    subscription: { ...FREE },
    guides: { used_this_month: 2, limit: 3, month_start: '2025-06-01T00:00:00.000Z' },
    balance: 340,
    comments: { count: 5, ratings: 2, replies: 1 },
    uploads: {
      total: 2,
      pending: 1,
      approved: 1,
      rejected: 0,
      recent: [
        {
          id: 'i1',
          sight_id: 'golden-gate',
          sight_name: 'Golden Gate Bridge',
          status: 'pending',
          created_at: '2025-06-02T00:00:00Z',
        },
      ],
    },
    purchases: { count: 0, coins_spent: 0, recent: [] },
    ...over,
  };
}

afterEach(resetSession);

describe('OverviewPage', () => {
  it('shows the plan, guides against the limit, balance, comments, uploads with status and an empty purchase list', async () => {
    signedIn();
    mockApi((c) =>
      c.path === '/users/me/overview' ? { body: { ok: true, overview: overview() } } : undefined,
    );
    render(
      <MemoryRouter>
        <OverviewPage />
      </MemoryRouter>,
      { wrapper: withQueryClient().wrapper },
    );
    expect(screen.getByText('Loading your overview…')).toBeTruthy();
    const plan = await screen.findByTestId('overview-plan');
    expect(within(plan).getByText('Free')).toBeTruthy();
    expect(within(plan).getByRole('link', { name: 'Upgrade to Standard' }).getAttribute('href')).toBe(
      '/subscribe?plan=standard',
    );
    const guides = screen.getByTestId('overview-guides');
    expect(within(guides).getByText('2 of 3 used this month')).toBeTruthy();
    expect(within(guides).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('67');
    expect(screen.getByTestId('overview-balance').textContent).toBe('340 coins');
    // The navbar balance follows.
    expect(balance()).toBe(340);
    expect(screen.getByText('2 with a rating · 1 reply')).toBeTruthy();
    expect(screen.getByText('Pending review')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Golden Gate Bridge' }).getAttribute('href')).toBe(
      '/explore/golden-gate',
    );
    expect(screen.getByText(/No purchases yet\./)).toBeTruthy();
  });

  it('shows a premium trial with unlimited guides', async () => {
    signedIn();
    const sub = {
      ...FREE,
      plan: 'premium',
      status: 'trialing',
      period: 'monthly',
      trial_ends_at: '2025-06-08T00:00:00.000Z',
      current_period_start: '2025-06-01T00:00:00.000Z',
      current_period_end: '2025-06-08T00:00:00.000Z',
      trial_available: false,
    } as const;
    mockApi((c) =>
      c.path === '/users/me/overview'
        ? {
            body: {
              ok: true,
              overview: overview({
                subscription: sub,
                guides: { used_this_month: 9, limit: null, month_start: '2025-06-01T00:00:00.000Z' },
              }),
            },
          }
        : undefined,
    );
    render(
      <MemoryRouter>
        <OverviewPage />
      </MemoryRouter>,
      { wrapper: withQueryClient().wrapper },
    );
    const plan = await screen.findByTestId('overview-plan');
    expect(within(plan).getByText('Premium')).toBeTruthy();
    expect(within(plan).getByText('Trial')).toBeTruthy();
    expect(
      within(plan).getByText('Free trial until Jun 8, 2025; the first charge is on that day.'),
    ).toBeTruthy();
    expect(within(plan).queryByRole('link', { name: /Upgrade/ })).toBeNull();
    expect(screen.getByText('9 used this month (unlimited)')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the error and retries', async () => {
    signedIn();
    let fail = true;
    mockApi((c) =>
      c.path === '/users/me/overview'
        ? fail
          ? { status: 500, body: { error: 'Internal error' } }
          : { body: { ok: true, overview: overview() } }
        : undefined,
    );
    render(
      <MemoryRouter>
        <OverviewPage />
      </MemoryRouter>,
      { wrapper: withQueryClient().wrapper },
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Internal error');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('overview-plan')).toBeTruthy();
  });
});

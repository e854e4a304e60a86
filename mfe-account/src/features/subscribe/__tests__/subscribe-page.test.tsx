import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@wayfarer/router';
import { subscribePath, type Subscription, type SubscriptionQuote } from '@wayfarer/contracts';
import { mockApi, resetSession, signedIn, type Call } from '../../../testing/api-mock';
import { confirmLabel, SubscribePage } from '../subscribe-page';
import { checkoutNavigation } from '../../../lib/checkout';
import { withQueryClient } from '@wayfarer/session/testing';

const FREE: Subscription = {
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
};
let sub: Subscription;
let calls: Call[];
/** Answers POST /subscriptions instead of the default mock when set. */
let postAnswer: ((c: Call) => { status?: number; body: unknown }) | null;

function quoteFor(plan: string, period: string): SubscriptionQuote {
  if (sub.plan === plan && sub.period === period) {
    return {
      action: 'none',
      plan,
      period,
      charge_now_cents: 0,
      effective_at: '2025-06-01T00:00:00.000Z',
      next_charge_cents: 19188,
      next_charge_at: '2025-06-08T00:00:00.000Z',
      trial_days: 0,
      summary: 'You are already on Premium (yearly).',
    } as SubscriptionQuote;
  }
  return {
    action: 'trial',
    plan,
    period,
    charge_now_cents: 0,
    effective_at: '2025-06-01T00:00:00.000Z',
    trial_days: 7,
    next_charge_cents: period === 'yearly' ? 19188 : 1999,
    next_charge_at: '2025-06-08T00:00:00.000Z',
    summary: `Your 7-day free trial of Premium starts now (${period}).`,
  } as SubscriptionQuote;
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/subscribe"
          element={
            <>
              <SubscribePage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
}

beforeEach(() => {
  sub = { ...FREE };
  postAnswer = null;
  signedIn();
  calls = mockApi((c) => {
    const q = new URLSearchParams(c.search);
    if (postAnswer && c.path === '/subscriptions' && c.method === 'POST') return postAnswer(c);
    if (c.path === '/subscriptions/quote')
      return { body: { ok: true, quote: quoteFor(q.get('plan')!, q.get('period')!), subscription: sub } };
    if (c.path === '/subscriptions/me') return { body: { ok: true, subscription: sub, payments: [] } };
    if (c.path === '/users/currency') return { body: { currency: 0 } };
    if (c.path === '/subscriptions' && c.method === 'POST') {
      if (c.body.plan === 'standard')
        return { status: 400, body: { error: 'You are already on Standard (monthly).' } };
      sub = {
        ...FREE,
        plan: 'premium',
        status: 'trialing',
        period: c.body.period as 'yearly',
        trial_ends_at: '2025-06-08T00:00:00.000Z',
        current_period_end: '2025-06-08T00:00:00.000Z',
        current_period_start: '2025-06-01T00:00:00.000Z',
        trial_available: false,
      };
      return {
        body: {
          ok: true,
          subscription: sub,
          quote: quoteFor('premium', String(c.body.period)),
          payment: null,
          message: 'Your Premium trial has started.',
        },
      };
    }
    return undefined;
  });
});
afterEach(resetSession);

describe('SubscribePage', () => {
  it('summarises the plan from the pricing table, switches to yearly, and starts the premium trial through the local checkout', async () => {
    renderAt('/subscribe?plan=premium');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Subscribe to Premium');
    expect(screen.getByTestId('plan-price').textContent).toBe('$19.99 per month');
    expect(screen.getByText('Unlimited audiobooks')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(
      /your plan changes as soon as the payment is confirmed/,
    );
    expect((await screen.findByTestId('quote-summary')).textContent).toBe(
      'Your 7-day free trial of Premium starts now (monthly).',
    );
    expect(screen.getByTestId('current-plan').textContent).toBe('Current plan: Free. Free plan, no renewal.');
    expect(screen.getByTestId('due-today').textContent).toBe('$0');

    fireEvent.click(screen.getByRole('button', { name: 'Yearly · Save 2 months' }));
    expect(screen.getByTestId('where').textContent).toBe('/subscribe?plan=premium&period=yearly');
    expect(screen.getByTestId('plan-price').textContent).toBe('$191.88 per year');
    expect(screen.getByText('Save up to 20% against monthly billing.')).toBeTruthy();
    expect(
      (await screen.findByText('Your 7-day free trial of Premium starts now (yearly).')).getAttribute(
        'data-testid',
      ),
    ).toBe('quote-summary');
    expect(screen.getByText('$191.88 on Jun 8, 2025')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start 7-day free trial' }));
    });
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ plan: 'premium', period: 'yearly' });
    expect((await screen.findByRole('status')).textContent).toBe('Your Premium trial has started.');
    expect(
      ((await screen.findByRole('button', { name: 'This is your current plan' })) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'See your overview' }).getAttribute('href')).toBe('/overview');
  });

  it("opens in the period its link carries: the pricing page's yearly link opens the yearly checkout", async () => {
    renderAt(subscribePath('standard', 'yearly'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Subscribe to Standard');
    expect(screen.getByTestId('plan-price').textContent).toBe('$95.88 per year');
    expect(screen.getByRole('button', { name: 'Yearly · Save 2 months' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Monthly' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('Save up to 20% against monthly billing.')).toBeTruthy();
    await screen.findByTestId('quote-summary');
    const quotes = calls
      .filter((c) => c.path === '/subscriptions/quote')
      .map((c) => new URLSearchParams(c.search).get('period'));
    expect(quotes).toEqual(['yearly']);
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByTestId('where').textContent).toBe('/subscribe?plan=standard');
    expect(screen.getByTestId('plan-price').textContent).toBe('$9.99 per month');
  });

  it('shows the server refusal', async () => {
    renderAt('/subscribe?plan=standard');
    await screen.findByTestId('quote-summary');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start 7-day free trial' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('You are already on Standard (monthly).');
  });

  it('a change that costs money goes to the payment provider’s page; the plan stays until it is confirmed', async () => {
    const assign = jest.fn<(url: string) => void>();
    const real = checkoutNavigation.assign;
    checkoutNavigation.assign = assign;
    try {
      const url = 'https://checkout.stripe.test/c/pay/cs_test_plan';
      postAnswer = (c) => ({
        body: {
          ok: true,
          subscription: sub,
          quote: quoteFor('premium', String(c.body.period)),
          payment: null,
          checkout: { order_id: 'o2', url },
          message: 'Continue on the payment page.',
        },
      });
      renderAt('/subscribe?plan=premium');
      await screen.findByTestId('quote-summary');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Start 7-day free trial' }));
      });
      expect(assign).toHaveBeenCalledWith(url);
      expect(screen.getByRole('status').textContent).toBe('Taking you to the payment page…');
      expect(screen.getByTestId('current-plan').textContent).toBe(
        'Current plan: Free. Free plan, no renewal.',
      );
    } finally {
      checkoutNavigation.assign = real;
    }
  });

  it('says that payments are not available when the server has no payment provider', async () => {
    postAnswer = () => ({
      status: 503,
      body: {
        // The page shows its own (translated) sentence for the code, whatever the server's wording.
        error: 'payments off',
        message: 'payments off',
        code: 'payments_unavailable',
      },
    });
    renderAt('/subscribe?plan=premium');
    await screen.findByTestId('quote-summary');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start 7-day free trial' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Payments are not available.');
  });

  it('back from a paid checkout: says the payment is being confirmed', async () => {
    renderAt('/subscribe?plan=premium&checkout=success&order=o2');
    await screen.findByTestId('quote-summary');
    expect(screen.getByRole('status').textContent).toBe(
      'Thank you! Your payment is being confirmed; this page updates as soon as it is.',
    );
  });

  it('offers the three plans when the plan parameter is missing or unknown', () => {
    renderAt('/subscribe?plan=gold');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose a plan');
    expect(screen.getByRole('link', { name: 'Choose Standard' }).getAttribute('href')).toBe(
      '/subscribe?plan=standard',
    );
    expect(calls.some((c) => c.path === '/subscriptions/quote')).toBe(false);
  });

  it('labels the confirm button by what the change does', () => {
    const q = {
      plan: 'standard',
      period: 'monthly',
      charge_now_cents: 666,
      trial_days: 0,
    } as SubscriptionQuote;
    expect(confirmLabel({ ...q, action: 'upgrade' })).toBe('Upgrade and pay $6.66');
    expect(confirmLabel({ ...q, action: 'downgrade' })).toBe('Switch to Standard at renewal');
    expect(confirmLabel({ ...q, action: 'subscribe', charge_now_cents: 999 })).toBe(
      'Subscribe and pay $9.99',
    );
    expect(confirmLabel({ ...q, action: 'cancel' })).toBe('Move to Free at renewal');
  });
});

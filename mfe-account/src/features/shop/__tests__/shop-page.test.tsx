import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import { balance, mockApi, resetSession, signedIn, type Call } from '../../../testing/api-mock';
import { ShopPage, shortfall } from '../shop-page';
import { checkoutNavigation, RETURN_REFRESH_MS } from '../../../lib/checkout';
import { withQueryClient } from '@wayfarer/session/testing';

const ITEMS = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    slug: 'guide-credit',
    name: 'Extra guide',
    description: 'One more guide.',
    price: 50,
    kind: 'guide_credit',
    is_active: true,
    image_url: '/sights/images/file/shop/guide.webp',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    slug: 'explorer-badge',
    name: 'Explorer badge',
    description: 'A badge.',
    price: 500,
    kind: 'cosmetic',
    is_active: true,
    image_url: null,
  },
  {
    id: '33333333-3333-4333-8333-333333333333',
    slug: 'night-theme',
    name: 'Night theme',
    description: 'Dark map.',
    price: 900,
    kind: 'theme',
    is_active: true,
    image_url: 'https://img.example.test/night.png',
  },
];

let serverBalance: number;
let purchases: Array<Record<string, unknown>>;
let calls: Call[];

function api(over: (c: Call) => { status?: number; body: unknown } | undefined = () => undefined) {
  calls = mockApi((c) => {
    const o = over(c);
    if (o) return o;
    if (c.path === '/users/currency') return { body: { currency: serverBalance } };
    if (c.path === '/shop/items') return { body: { ok: true, items: ITEMS } };
    if (c.path === '/users/me/purchases') return { body: { ok: true, items: purchases } };
    if (c.path === '/shop/purchase') {
      const item = ITEMS.find((i) => i.id === c.body.item_id)!;
      if (serverBalance < item.price)
        return {
          status: 402,
          body: {
            error: `Not enough coins: ${item.name} costs ${item.price}, your balance is ${serverBalance}`,
          },
        };
      serverBalance -= item.price;
      purchases = [
        {
          id: 'p1',
          item_id: item.id,
          item_name: item.name,
          item_kind: item.kind,
          price: item.price,
          created_at: '2025-06-01T10:00:00Z',
        },
        ...purchases,
      ];
      return { body: { ok: true, purchase_id: 'p1', currency: serverBalance } };
    }
    if (c.path === '/users/me/coins/checkout') {
      serverBalance += 100;
      return {
        body: {
          ok: true,
          currency: serverBalance,
          payment: {
            id: 'pay1',
            amount_cents: 99,
            description: '100 coins',
            provider_ref: 'local_x',
            created_at: '2025-06-01T10:00:00Z',
          },
          message: 'ok',
        },
      };
    }
    return undefined;
  });
}

async function renderShop(url = '/shop') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <ShopPage />
    </MemoryRouter>,
    { wrapper: withQueryClient().wrapper },
  );
  await screen.findByRole('heading', { name: 'Extra guide' });
}

beforeEach(() => {
  serverBalance = 120;
  purchases = [];
});
afterEach(resetSession);

describe('ShopPage', () => {
  it('buys an item after confirmation and lowers the shared (navbar) balance at once', async () => {
    signedIn({}, undefined, 0);
    api();
    await renderShop();
    // The balance is re-read on arrival.
    await waitFor(() =>
      expect(screen.getByTestId('shop-balance').textContent).toBe('Your balance: 120 coins'),
    );
    expect(screen.getByText('No purchases yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Buy Extra guide for 50 coins' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy Extra guide?' });
    expect(
      within(dialog).getByText('Extra guide costs 50 coins. Your balance after this purchase: 70 coins.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === '/shop/purchase')).toBe(false);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Buy for 50 coins' }));
    });
    expect(balance()).toBe(70);
    expect(screen.getByTestId('shop-balance').textContent).toBe('Your balance: 70 coins');
    expect(screen.getByRole('status').textContent).toBe(
      'You bought Extra guide. Your balance is now 70 coins.',
    );
    const purchase = calls.find((c) => c.path === '/shop/purchase')!;
    expect(purchase.auth).toBe('Bearer tok');
    expect(typeof purchase.body.idempotency_key).toBe('string');
    await waitFor(() =>
      expect(within(screen.getByTestId('purchase-history')).getByText('Extra guide')).toBeTruthy(),
    );
  });

  it('shows the insufficient-balance message and does not let the purchase be confirmed', async () => {
    signedIn({}, undefined, 0);
    api();
    await renderShop();
    await waitFor(() => expect(balance()).toBe(120));
    const badge = screen.getAllByTestId('shop-item')[1]!;
    expect(within(badge).getByText('Insufficient balance: you need 380 coins more.')).toBeTruthy();
    fireEvent.click(within(badge).getByRole('button', { name: /Buy Explorer badge/ }));
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog).getByText(
        /Insufficient balance: Explorer badge costs 500 coins and you have 120 coins\. Top up 380 coins or more first\./,
      ),
    ).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Buy for 500 coins' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // Focus is inside the dialog (on Cancel, as Buy is disabled), so Escape reaches it.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path === '/shop/purchase')).toBe(false);
  });

  it('explains a refusal by the server (balance spent in another tab) as insufficient balance', async () => {
    signedIn({}, undefined, 0);
    api();
    await renderShop();
    await waitFor(() => expect(balance()).toBe(120));
    serverBalance = 10;
    fireEvent.click(screen.getByRole('button', { name: 'Buy Extra guide for 50 coins' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Buy for 50 coins' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Insufficient balance. Not enough coins: Extra guide costs 50, your balance is 10.',
    );
  });

  it('tops up coins through the local checkout', async () => {
    signedIn({}, undefined, 0);
    api();
    await renderShop();
    await waitFor(() => expect(balance()).toBe(120));
    fireEvent.click(screen.getByRole('button', { name: 'Top up 100' }));
    const dialog = screen.getByRole('dialog', { name: 'Top up 100 coins?' });
    expect(
      within(dialog).getByText(/added to your balance as soon as the payment is\s+confirmed/),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $0.99' }));
    });
    expect(balance()).toBe(220);
    expect(calls.find((c) => c.path === '/users/me/coins/checkout')!.body.pack).toBe('coins-100');
  });

  it('goes to the payment provider’s page for a top-up, and nothing is credited on the way', async () => {
    const assign = jest.fn<(url: string) => void>();
    const real = checkoutNavigation.assign;
    checkoutNavigation.assign = assign;
    try {
      signedIn({}, undefined, 0);
      const url = 'https://checkout.stripe.test/c/pay/cs_test_1';
      api((c) =>
        c.path === '/users/me/coins/checkout'
          ? {
              body: {
                ok: true,
                currency: serverBalance,
                payment: null,
                checkout: { order_id: 'o1', url },
                message: 'Continue on the payment page.',
              },
            }
          : undefined,
      );
      await renderShop();
      await waitFor(() => expect(balance()).toBe(120));
      fireEvent.click(screen.getByRole('button', { name: 'Top up 550' }));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Pay $4.99' }));
      });
      expect(assign).toHaveBeenCalledWith(url);
      expect(balance()).toBe(120);
      expect(screen.getByRole('status').textContent).toBe('Taking you to the payment page…');
      expect(calls.find((c) => c.path === '/users/me/coins/checkout')!.body.pack).toBe('coins-550');
    } finally {
      checkoutNavigation.assign = real;
    }
  });

  it('says that payments are not available when the server has no payment provider', async () => {
    const assign = jest.fn<(url: string) => void>();
    const real = checkoutNavigation.assign;
    checkoutNavigation.assign = assign;
    try {
      signedIn({}, undefined, 0);
      api((c) =>
        c.path === '/users/me/coins/checkout'
          ? {
              status: 503,
              body: {
                // The page shows its own (translated) sentence for the code, whatever the server's wording.
                error: 'payments off',
                message: 'payments off',
                code: 'payments_unavailable',
              },
            }
          : undefined,
      );
      await renderShop();
      await waitFor(() => expect(balance()).toBe(120));
      fireEvent.click(screen.getByRole('button', { name: 'Top up 100' }));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Pay $0.99' }));
      });
      expect(screen.getByRole('alert').textContent).toBe('Payments are not available.');
      expect(assign).not.toHaveBeenCalled();
      expect(balance()).toBe(120);
    } finally {
      checkoutNavigation.assign = real;
    }
  });

  it('back from a paid checkout: says the payment is being confirmed and re-reads the balance until it lands', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      signedIn({}, undefined, 0);
      api();
      await renderShop('/shop?checkout=success&order=o1');
      expect(screen.getByRole('status').textContent).toBe(
        'Thank you! Your payment is being confirmed; this page updates as soon as it is.',
      );
      await waitFor(() => expect(balance()).toBe(120));
      const reads = () => calls.filter((c) => c.path === '/users/currency').length;
      const before = reads();
      // The webhook credits the coins meanwhile; the next read shows them.
      serverBalance = 670;
      await act(async () => {
        jest.advanceTimersByTime(RETURN_REFRESH_MS);
      });
      await waitFor(() => expect(balance()).toBe(670));
      expect(reads()).toBeGreaterThan(before);
    } finally {
      jest.useRealTimers();
    }
  });

  it('back from a cancelled checkout: says nothing was charged', async () => {
    signedIn({}, undefined, 0);
    api();
    await renderShop('/shop?checkout=cancelled&order=o1');
    expect(screen.getByRole('status').textContent).toBe('The payment was cancelled; nothing was charged.');
  });

  it('shows an empty state, and a load error with a working retry', async () => {
    signedIn();
    let fail = true;
    api((c) =>
      c.path === '/shop/items'
        ? fail
          ? { status: 503, body: { error: 'Shop is down' } }
          : { body: { ok: true, items: [] } }
        : undefined,
    );
    render(
      <MemoryRouter>
        <ShopPage />
      </MemoryRouter>,
      { wrapper: withQueryClient().wrapper },
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Shop is down');
    fail = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByRole('heading', { name: 'The shop is empty' })).toBeTruthy();
  });

  it('shows each item picture the admin set with its name as alt text, and a placeholder when there is none or it fails to load', async () => {
    signedIn();
    api();
    await renderShop();
    const [guide, badge, theme] = screen.getAllByTestId('shop-item');
    // An API-relative picture is loaded from the API origin; an absolute one as it is.
    const guideImg = within(guide!).getByRole('img', { name: 'Extra guide' }) as HTMLImageElement;
    expect(guideImg.getAttribute('src')).toBe('http://localhost:4000/sights/images/file/shop/guide.webp');
    expect(within(theme!).getByRole('img', { name: 'Night theme' }).getAttribute('src')).toBe(
      'https://img.example.test/night.png',
    );
    expect(within(guide!).queryByTestId('shop-item-placeholder')).toBeNull();
    // No picture: a placeholder hidden from assistive technology, no broken image.
    expect(within(badge!).queryByRole('img')).toBeNull();
    expect(within(badge!).getByTestId('shop-item-placeholder').getAttribute('aria-hidden')).toBe('true');
    // A picture that fails to load falls back to the placeholder.
    fireEvent.error(guideImg);
    expect(within(guide!).queryByRole('img')).toBeNull();
    expect(within(guide!).getByTestId('shop-item-placeholder')).toBeTruthy();
  });

  it('computes the shortfall', () => {
    expect(shortfall(120, 500)).toBe(380);
    expect(shortfall(500, 500)).toBe(0);
  });
});

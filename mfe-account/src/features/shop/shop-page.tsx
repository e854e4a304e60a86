import { useEffect, useState } from 'react';
import { COIN_PACKS, formatUsd, type CoinPack } from '@wayfarer/contracts/browser';
import type { ShopItem } from '@wayfarer/contracts';
import { ApiError, buyCoins, purchaseShopItem } from '@wayfarer/api-client';
import { fetchCurrency, setCurrency, useCurrency } from '@wayfarer/session';
import { EmptyState, ErrorBox, InfoBox, Skeleton, usePageMeta } from '@wayfarer/ui';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { coins, formatDate, newKey } from '../../lib/format';
import { useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../lib/account-keys';
import { errorText, requireToken, useMyPurchases, useShopItems } from '../../lib/account-queries';
import { ShopItemImage } from './components/shop-item-image';

type Pending = { kind: 'item'; item: ShopItem; key: string } | { kind: 'pack'; pack: CoinPack; key: string };

/** How many coins are missing for a price, or 0 when the balance covers it. */
export function shortfall(balance: number, price: number): number {
  return Math.max(0, price - balance);
}

/** /shop: items priced in coins, buying with a confirmation, coin top-ups through the local checkout, history. */
export function ShopPage() {
  usePageMeta({ title: 'Shop', description: 'Spend your Wayfarer coins on extra guides, themes and badges.' });
  const balance = useCurrency();
  const items = useShopItems();
  const history = useMyPurchases();
  const client = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // The navbar's balance may be stale (another tab bought something): re-read it once on arrival.
  useEffect(() => {
    void fetchCurrency();
  }, []);

  const open = (p: Pending) => {
    setError(null);
    setNotice(null);
    setPending(p);
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      if (pending.kind === 'item') {
        const res = await purchaseShopItem(pending.item.id, await requireToken(), pending.key);
        setCurrency(res.currency);
        setNotice(`You bought ${pending.item.name}. Your balance is now ${coins(res.currency)}.`);
        void client.invalidateQueries({ queryKey: accountKeys.purchases() });
      } else {
        const res = await buyCoins(pending.pack.id, await requireToken(), pending.key);
        setCurrency(res.currency);
        setNotice(`${coins(pending.pack.coins)} added. Your balance is now ${coins(res.currency)}.`);
      }
      setPending(null);
    } catch (err) {
      setPending(null);
      const msg = errorText(err, pending.kind === 'item' ? 'Purchase failed' : 'Top-up failed');
      setError(err instanceof ApiError && err.status === 402 ? `Insufficient balance. ${msg}.` : msg);
    } finally {
      setBusy(false);
    }
  };

  const missing = pending?.kind === 'item' ? shortfall(balance, pending.item.price) : 0;

  return (
    <section className="wf-container wf-page acc-page" aria-labelledby="shop-title">
      <header className="acc-head">
        <h1 id="shop-title">Shop</h1>
        <p className="acc-balance" data-testid="shop-balance">
          Your balance: <strong>{coins(balance)}</strong>
        </p>
      </header>
      <div aria-live="polite">
        <ErrorBox>{error}</ErrorBox>
        {!error ? <InfoBox>{notice}</InfoBox> : null}
      </div>

      <h2>Items</h2>
      {items.loading && !items.data ? (
        <div className="wf-grid" aria-busy="true" aria-label="Loading items">
          {[0, 1, 2].map((i) => <Skeleton key={i} height={150} />)}
        </div>
      ) : items.error ? (
        <div className="acc-stack">
          <ErrorBox>{items.error}</ErrorBox>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={items.reload}>Try again</button>
        </div>
      ) : !items.data?.length ? (
        <EmptyState title="The shop is empty">Nothing is on sale right now. Come back later.</EmptyState>
      ) : (
        <ul className="wf-grid acc-list-reset">
          {items.data.map((item) => {
            const short = shortfall(balance, item.price);
            const hintId = `shop-hint-${item.id}`;
            return (
              <li key={item.id} className="wf-card acc-item" data-testid="shop-item">
                <ShopItemImage item={item} />
                <h3>{item.name}</h3>
                <p className="wf-muted">{item.description}</p>
                <p className="acc-price">{coins(item.price)}</p>
                {short > 0 ? (
                  <p id={hintId} className="acc-warn">Insufficient balance: you need {coins(short)} more.</p>
                ) : null}
                <button
                  type="button"
                  className="wf-btn"
                  onClick={() => open({ kind: 'item', item, key: newKey() })}
                  aria-describedby={short > 0 ? hintId : undefined}
                  aria-label={`Buy ${item.name} for ${coins(item.price)}`}
                >
                  Buy
                </button>
              </li>
            );
          })}
        </ul>
      )}

      <h2>Top up coins</h2>
      <p className="wf-muted">
        Local checkout: no real payment is taken. Each top-up is recorded in your payment history on this server only.
      </p>
      <ul className="wf-grid acc-list-reset">
        {COIN_PACKS.map((pack) => (
          <li key={pack.id} className="wf-card acc-item">
            <h3>{coins(pack.coins)}</h3>
            <p className="acc-price">{formatUsd(pack.priceCents)}</p>
            <button type="button" className="wf-btn wf-btn--ghost" onClick={() => open({ kind: 'pack', pack, key: newKey() })}>
              Top up {pack.coins}
            </button>
          </li>
        ))}
      </ul>

      <h2>Purchase history</h2>
      {history.loading && !history.data ? (
        <Skeleton height={80} />
      ) : history.error ? (
        <div className="acc-stack">
          <ErrorBox>{history.error}</ErrorBox>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={history.reload}>Try again</button>
        </div>
      ) : !history.data?.length ? (
        <p className="wf-muted">No purchases yet.</p>
      ) : (
        <table className="acc-table" data-testid="purchase-history">
          <thead>
            <tr><th scope="col">Item</th><th scope="col">Price</th><th scope="col">Date</th></tr>
          </thead>
          <tbody>
            {history.data.map((p) => (
              <tr key={p.id}><td>{p.item_name}</td><td>{coins(p.price)}</td><td>{formatDate(p.created_at)}</td></tr>
            ))}
          </tbody>
        </table>
      )}

      {pending ? (
        <ConfirmDialog
          title={pending.kind === 'item' ? `Buy ${pending.item.name}?` : `Top up ${coins(pending.pack.coins)}?`}
          confirmLabel={pending.kind === 'item' ? `Buy for ${coins(pending.item.price)}` : `Pay ${formatUsd(pending.pack.priceCents)}`}
          confirmDisabled={missing > 0}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        >
          {pending.kind === 'item' ? (
            missing > 0 ? (
              <p className="acc-warn">
                Insufficient balance: {pending.item.name} costs {coins(pending.item.price)} and you have {coins(balance)}. Top up{' '}
                {coins(missing)} or more first.
              </p>
            ) : (
              <p>
                {pending.item.name} costs {coins(pending.item.price)}. Your balance after this purchase: {coins(balance - pending.item.price)}.
              </p>
            )
          ) : (
            <p>
              {coins(pending.pack.coins)} for {formatUsd(pending.pack.priceCents)}. This is the local checkout: no real payment is
              taken and no card is needed.
            </p>
          )}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

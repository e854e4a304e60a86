import '../../../i18n-commerce';
import { COIN_PACKS, type CoinPack } from '@wayfarer/contracts/browser';
import type { ShopItem } from '@wayfarer/contracts';
import { EmptyState, ErrorBox, Skeleton } from '@wayfarer/ui';
import { newKey } from '../../../lib/format';
import { useAccountText } from '../../../lib/account-text';
import { useMyPurchases, useShopItems } from '../../../lib/account-queries';
import { ShopItemImage } from './shop-item-image';

export type Pending =
  | { kind: 'item'; item: ShopItem; key: string }
  | { kind: 'pack'; pack: CoinPack; key: string };

/** How many coins are missing for a price, or 0 when the balance covers it. */
export function shortfall(balance: number, price: number): number {
  return Math.max(0, price - balance);
}

/** The items on sale, each with its price and, when the balance is short, how much is missing. */
export function ShopItems({ balance, open }: { balance: number; open: (p: Pending) => void }) {
  const items = useShopItems();
  const { t, coins } = useAccountText();
  return (
    <>
      <h2>{t('shop.items')}</h2>
      {items.loading && !items.data ? (
        <div className="wf-grid" aria-busy="true" aria-label={t('shop.loadingItems')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={150} />
          ))}
        </div>
      ) : items.error ? (
        <div className="acc-stack">
          <ErrorBox>{items.error}</ErrorBox>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={items.reload}>
            {t('common.retry')}
          </button>
        </div>
      ) : !items.data?.length ? (
        <EmptyState title={t('shop.empty')}>{t('shop.emptyText')}</EmptyState>
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
                  <p id={hintId} className="acc-warn">
                    {t('shop.needMore', { coins: coins(short) })}
                  </p>
                ) : null}
                <button
                  type="button"
                  className="wf-btn"
                  onClick={() => open({ kind: 'item', item, key: newKey() })}
                  aria-describedby={short > 0 ? hintId : undefined}
                  aria-label={t('shop.buyLabel', { item: item.name, price: coins(item.price) })}
                >
                  {t('shop.buy')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** The coin packs of the local checkout. */
export function CoinPacks({ open }: { open: (p: Pending) => void }) {
  const { t, coins, usd, f } = useAccountText();
  return (
    <>
      <h2>{t('shop.topUpTitle')}</h2>
      <p className="wf-muted">{t('shop.topUpText')}</p>
      <ul className="wf-grid acc-list-reset">
        {COIN_PACKS.map((pack) => (
          <li key={pack.id} className="wf-card acc-item">
            <h3>{coins(pack.coins)}</h3>
            <p className="acc-price">{usd(pack.priceCents)}</p>
            <button
              type="button"
              className="wf-btn wf-btn--ghost"
              onClick={() => open({ kind: 'pack', pack, key: newKey() })}
            >
              {t('shop.topUp', { n: f.number(pack.coins) })}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The signed-in user's purchases, newest first. */
export function PurchaseHistory() {
  const history = useMyPurchases();
  const { t, coins, date } = useAccountText();
  return (
    <>
      <h2>{t('shop.history')}</h2>
      {history.loading && !history.data ? (
        <Skeleton height={80} />
      ) : history.error ? (
        <div className="acc-stack">
          <ErrorBox>{history.error}</ErrorBox>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={history.reload}>
            {t('common.retry')}
          </button>
        </div>
      ) : !history.data?.length ? (
        <p className="wf-muted">{t('shop.noPurchases')}</p>
      ) : (
        <table className="acc-table" data-testid="purchase-history">
          <thead>
            <tr>
              <th scope="col">{t('shop.item')}</th>
              <th scope="col">{t('shop.price')}</th>
              <th scope="col">{t('shop.date')}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.map((p) => (
              <tr key={p.id}>
                <td>{p.item_name}</td>
                <td>{coins(p.price)}</td>
                <td>{date(p.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

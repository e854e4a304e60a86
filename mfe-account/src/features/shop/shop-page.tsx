import '../../i18n-commerce';
import { useEffect, useState } from 'react';
import { ApiError, errorText } from '@wayfarer/api-client';
import { fetchCurrency, useCurrency } from '@wayfarer/session';
import { ErrorBox, InfoBox, usePageMeta } from '@wayfarer/ui';
import { useBuyCoins, usePurchaseItem } from '../../lib/account-mutations';
import { useAccountText } from '../../lib/account-text';
import {
  CHECKOUT_RETURN_MESSAGE,
  checkoutNavigation,
  isPaymentsUnavailable,
  useCheckoutReturn,
} from '../../lib/checkout';
import { PurchaseDialog } from './components/purchase-dialog';
import { CoinPacks, PurchaseHistory, ShopItems, type Pending } from './components/shop-sections';

export { shortfall } from './components/shop-sections';

/**
 * /shop: items priced in coins, buying with a confirmation, coin top-ups (the payment provider's checkout page, or
 * the development server's instant local checkout), history.
 */
export function ShopPage() {
  const { t, coins } = useAccountText();
  usePageMeta({ title: t('shop.title'), description: t('shop.metaDescription') });
  const balance = useCurrency();
  const purchase = usePurchaseItem();
  const topUp = useBuyCoins();
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const back = useCheckoutReturn();

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
    setError(null);
    try {
      if (pending.kind === 'item') {
        const res = await purchase.mutateAsync({ itemId: pending.item.id, key: pending.key });
        setNotice(t('shop.bought', { item: pending.item.name, balance: coins(res.currency) }));
      } else {
        const res = await topUp.mutateAsync({ pack: pending.pack.id, key: pending.key });
        if (res.checkout) {
          // Paid on the provider's page; the coins arrive with its confirmation (see useCheckoutReturn).
          setNotice(t('payments.redirecting'));
          checkoutNavigation.assign(res.checkout.url);
        } else setNotice(t('shop.added', { coins: coins(pending.pack.coins), balance: coins(res.currency) }));
      }
    } catch (err) {
      const msg = errorText(err, t(pending.kind === 'item' ? 'shop.purchaseFailed' : 'shop.topUpFailed'));
      setError(
        isPaymentsUnavailable(err)
          ? t('payments.unavailable')
          : err instanceof ApiError && err.status === 402
            ? t('shop.insufficient', { message: msg })
            : msg,
      );
    } finally {
      setPending(null);
    }
  };

  return (
    <section className="wf-container wf-page acc-page" aria-labelledby="shop-title">
      <header className="acc-head">
        <h1 id="shop-title">{t('shop.title')}</h1>
        <p className="acc-balance" data-testid="shop-balance">
          {t('shop.balance')} <strong>{coins(balance)}</strong>
        </p>
      </header>
      <div aria-live="polite">
        <ErrorBox>{error}</ErrorBox>
        {!error ? <InfoBox>{notice ?? (back ? t(CHECKOUT_RETURN_MESSAGE[back]) : null)}</InfoBox> : null}
      </div>
      <ShopItems balance={balance} open={open} />
      <CoinPacks open={open} />
      <PurchaseHistory />
      {pending ? (
        <PurchaseDialog
          pending={pending}
          balance={balance}
          busy={purchase.isPending || topUp.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}

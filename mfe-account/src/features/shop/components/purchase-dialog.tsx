import '../../../i18n-commerce';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useAccountText } from '../../../lib/account-text';
import { shortfall, type Pending } from './shop-sections';

/** Confirms a purchase or a top-up; an item the balance does not cover cannot be confirmed. */
export function PurchaseDialog({
  pending,
  balance,
  busy,
  onConfirm,
  onCancel,
}: {
  pending: Pending;
  balance: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, coins, usd } = useAccountText();
  const missing = pending.kind === 'item' ? shortfall(balance, pending.item.price) : 0;
  return (
    <ConfirmDialog
      title={
        pending.kind === 'item'
          ? t('shop.buyTitle', { item: pending.item.name })
          : t('shop.topUpDialog', { coins: coins(pending.pack.coins) })
      }
      confirmLabel={
        pending.kind === 'item'
          ? t('shop.buyFor', { price: coins(pending.item.price) })
          : t('shop.pay', { amount: usd(pending.pack.priceCents) })
      }
      cancelLabel={t('common.cancel')}
      confirmDisabled={missing > 0}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {pending.kind === 'item' ? (
        missing > 0 ? (
          <p className="acc-warn">
            {t('shop.cannotAfford', {
              item: pending.item.name,
              price: coins(pending.item.price),
              balance: coins(balance),
              missing: coins(missing),
            })}
          </p>
        ) : (
          <p>
            {t('shop.costs', {
              item: pending.item.name,
              price: coins(pending.item.price),
              after: coins(balance - pending.item.price),
            })}
          </p>
        )
      ) : (
        <p>
          {t('shop.packText', { coins: coins(pending.pack.coins), amount: usd(pending.pack.priceCents) })}
        </p>
      )}
    </ConfirmDialog>
  );
}

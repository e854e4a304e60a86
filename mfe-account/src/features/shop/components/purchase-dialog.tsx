import { formatUsd } from '@wayfarer/contracts/browser';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { coins } from '../../../lib/format';
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
  const missing = pending.kind === 'item' ? shortfall(balance, pending.item.price) : 0;
  return (
    <ConfirmDialog
      title={pending.kind === 'item' ? `Buy ${pending.item.name}?` : `Top up ${coins(pending.pack.coins)}?`}
      confirmLabel={
        pending.kind === 'item'
          ? `Buy for ${coins(pending.item.price)}`
          : `Pay ${formatUsd(pending.pack.priceCents)}`
      }
      confirmDisabled={missing > 0}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {pending.kind === 'item' ? (
        missing > 0 ? (
          <p className="acc-warn">
            Insufficient balance: {pending.item.name} costs {coins(pending.item.price)} and you have{' '}
            {coins(balance)}. Top up {coins(missing)} or more first.
          </p>
        ) : (
          <p>
            {pending.item.name} costs {coins(pending.item.price)}. Your balance after this purchase:{' '}
            {coins(balance - pending.item.price)}.
          </p>
        )
      ) : (
        <p>
          {coins(pending.pack.coins)} for {formatUsd(pending.pack.priceCents)}. This is the local checkout: no
          real payment is taken and no card is needed.
        </p>
      )}
    </ConfirmDialog>
  );
}

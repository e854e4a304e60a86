import { Field, lazyZodResolver } from '@wayfarer/ui/forms';
import { FormFooter } from '../../../components/form-footer';
import { adminSchemas, useAdminForm } from '../../../lib/admin-forms';
import type { ShopItem, ShopItemFields } from '../api/shop-items-api';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

interface ShopItemFormValues {
  name: string;
  price: string;
  image_url: string;
  description: string;
  is_active: boolean;
}
/** The API's AdminShopItemInput, with the price as typed (contracts' AdminShopItemForm). */
const resolver = lazyZodResolver<ShopItemFormValues>(() => adminSchemas().then((m) => m.AdminShopItemForm));
const ORDER = ['name', 'price', 'image_url', 'description'] as const;

export function ShopItemForm(props: {
  initial?: ShopItem;
  busy: boolean;
  onSubmit: (f: ShopItemFields) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { register, aria, shown, errorId, submit, warm } = useAdminForm<ShopItemFormValues>(
    resolver,
    {
      name: props.initial?.name ?? '',
      price: String(props.initial?.price ?? ''),
      image_url: props.initial?.image_url ?? '',
      description: props.initial?.description ?? '',
      is_active: props.initial?.is_active ?? true,
    },
    ORDER,
  );
  const save = (v: ShopItemFormValues) =>
    props.onSubmit({
      name: v.name.trim(),
      description: v.description.trim(),
      price: Number(v.price),
      image_url: v.image_url.trim() || null,
      is_active: v.is_active,
    });

  return (
    <form
      className="wf-card admin-form"
      onSubmit={submit(save)}
      onFocus={warm}
      aria-label={t(props.initial ? 'shop.form.edit' : 'shop.form.create')}
    >
      <div className="admin-form__row">
        <Field label={t('shop.form.name')}>
          <input className="wf-input" required {...register('name')} {...aria('name')} />
        </Field>
        <Field label={t('shop.form.price')}>
          <input
            className="wf-input"
            inputMode="numeric"
            required
            {...register('price')}
            {...aria('price')}
          />
        </Field>
        <Field label={t('shop.form.image')}>
          <input className="wf-input" {...register('image_url')} {...aria('image_url')} />
        </Field>
      </div>
      <Field label={t('shop.form.description')}>
        <textarea
          className="wf-textarea wf-input"
          rows={2}
          {...register('description')}
          {...aria('description')}
        />
      </Field>
      <FormFooter
        shown={shown}
        errorId={errorId}
        check={
          <>
            <input type="checkbox" {...register('is_active')} /> {t('shop.form.onSale')}
          </>
        }
        onCancel={props.onCancel}
        busy={props.busy}
        submitLabel={t(props.initial ? 'common.saveChanges' : 'shop.form.submit')}
      />
    </form>
  );
}

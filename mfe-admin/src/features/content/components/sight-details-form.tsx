import { Field, lazyZodResolver } from '@wayfarer/ui/forms';
import { FormFooter } from '../../../components/form-footer';
import { adminSchemas, useAdminForm } from '../../../lib/admin-forms';
import { CATEGORIES, updateSight, type AdminSight, type AdminSightPatch } from '../api/content-api';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

type Category = (typeof CATEGORIES)[number];
interface SightFormValues {
  name: string;
  description: string;
  category_slugs: Category[];
  cover_image_url: string;
}
const isCategory = (c: string): c is Category => (CATEGORIES as readonly string[]).includes(c);
const valuesOf = (s: AdminSight): SightFormValues => ({
  name: s.name,
  description: s.description,
  category_slugs: s.category_slugs.filter(isCategory),
  cover_image_url: s.cover_image_url ?? '',
});
/** The API's AdminSightPatch fields, name and categories required (contracts' AdminSightForm). */
const resolver = lazyZodResolver<SightFormValues>(() => adminSchemas().then((m) => m.AdminSightForm));
const ORDER = ['name', 'description', 'category_slugs', 'cover_image_url'] as const;

interface Props {
  sight: AdminSight;
  busy: boolean;
  /** Runs the save the way the editor runs every write (busy, error and notice). */
  act: (fallback: string, ok: string, run: () => Promise<void>) => Promise<void>;
  /** The write (the editor's mutation, which updates the cached sight); the plain call by default. */
  save?: (patch: AdminSightPatch) => Promise<AdminSight>;
  onSaved?: (s: AdminSight) => void;
}

/** A sight's name, description, categories and cover image. */
export function SightDetailsForm({
  sight,
  busy,
  act,
  save: write = (patch) => updateSight(sight.id, patch),
  onSaved,
}: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const { form, register, aria, shown, errorId, submit, warm } = useAdminForm<SightFormValues>(
    resolver,
    valuesOf(sight),
    ORDER,
  );
  const cover = form.watch('cover_image_url');

  const save = (v: SightFormValues) =>
    act('Could not save the sight', t('content.details.saved'), async () => {
      const u = await write({
        name: v.name.trim(),
        description: v.description.trim(),
        category_slugs: v.category_slugs,
        cover_image_url: v.cover_image_url.trim() || null,
      });
      form.reset(valuesOf(u));
      onSaved?.(u);
    });

  return (
    <form
      className="admin-form"
      style={{ padding: 0 }}
      onSubmit={submit(save)}
      onFocus={warm}
      aria-label={t('content.details.label')}
    >
      <Field label={t('content.details.name')}>
        <input className="wf-input" maxLength={200} required {...register('name')} {...aria('name')} />
      </Field>
      <Field label={t('content.details.description')}>
        <textarea
          className="wf-textarea wf-input"
          rows={4}
          maxLength={5000}
          {...register('description')}
          {...aria('description')}
        />
      </Field>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="wf-label">{t('content.details.categories')}</legend>
        <div className="admin-toolbar">
          {CATEGORIES.map((c) => (
            <label key={c} className="admin-check">
              <input type="checkbox" value={c} {...register('category_slugs')} {...aria('category_slugs')} />{' '}
              {t(`content.details.category.${c}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t('content.details.cover')}>
        <input
          className="wf-input"
          type="url"
          {...register('cover_image_url')}
          {...aria('cover_image_url')}
        />
      </Field>
      {cover.trim() ? (
        <img
          src={cover.trim()}
          alt={t('content.details.coverAlt', { name: sight.name })}
          style={{ maxWidth: 240, borderRadius: 8 }}
        />
      ) : null}
      <FormFooter shown={shown} errorId={errorId} busy={busy} submitLabel={t('content.details.save')} />
    </form>
  );
}

import { Field, lazyZodResolver } from '@wayfarer/ui/forms';
import { FormFooter } from '../../../components/form-footer';
import { adminSchemas, useAdminForm } from '../../../lib/admin-forms';
import { ROADMAP_STATUSES, type RoadmapFields, type RoadmapItem, type RoadmapStatus } from '../types';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

interface RoadmapFormValues {
  title: string;
  status: RoadmapStatus;
  description: string;
  is_published: boolean;
}
/** The API's own RoadmapInput. */
const resolver = lazyZodResolver<RoadmapFormValues>(() => adminSchemas().then((m) => m.RoadmapInput));
const ORDER = ['title', 'status', 'description'] as const;

export function RoadmapForm(props: {
  initial?: RoadmapItem;
  busy: boolean;
  onSubmit: (f: RoadmapFields) => void | Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { register, aria, shown, errorId, submit, warm } = useAdminForm<RoadmapFormValues>(
    resolver,
    {
      title: props.initial?.title ?? '',
      status: props.initial?.status ?? 'planned',
      description: props.initial?.description ?? '',
      is_published: props.initial?.is_published ?? false,
    },
    ORDER,
  );

  const save = async (v: RoadmapFormValues) => {
    await props.onSubmit({
      title: v.title.trim(),
      description: v.description.trim(),
      status: v.status,
      is_published: v.is_published,
    });
  };

  return (
    <form
      className="wf-card admin-form"
      onSubmit={submit(save)}
      onFocus={warm}
      aria-label={t(props.initial ? 'roadmap.form.edit' : 'roadmap.form.create')}
    >
      <div className="admin-form__row">
        <Field label={t('roadmap.form.title')}>
          <input className="wf-input" maxLength={200} required {...register('title')} {...aria('title')} />
        </Field>
        <Field label={t('roadmap.form.status')}>
          <select className="wf-select wf-input" {...register('status')} {...aria('status')}>
            {ROADMAP_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`roadmap.status.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field label={t('roadmap.form.description')}>
        <textarea
          className="wf-textarea wf-input"
          rows={3}
          {...register('description')}
          {...aria('description')}
        />
      </Field>
      <FormFooter
        shown={shown}
        errorId={errorId}
        check={
          <>
            <input type="checkbox" {...register('is_published')} /> {t('common.published')}
          </>
        }
        onCancel={props.onCancel}
        busy={props.busy}
        submitLabel={t(props.initial ? 'common.saveChanges' : 'roadmap.form.submit')}
      />
    </form>
  );
}

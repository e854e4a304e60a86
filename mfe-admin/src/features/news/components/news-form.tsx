import { Field, lazyZodResolver } from '@wayfarer/ui/forms';
import { FormFooter } from '../../../components/form-footer';
import { adminSchemas, useAdminForm } from '../../../lib/admin-forms';
import type { NewsFields, NewsItem } from '../types';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

interface NewsFormValues {
  title: string;
  image_url: string;
  summary: string;
  body: string;
  is_published: boolean;
}
/** The API's NewsInput, with the text required and an empty image meaning none (contracts' NewsForm). */
const resolver = lazyZodResolver<NewsFormValues>(() => adminSchemas().then((m) => m.NewsForm));
const ORDER = ['title', 'image_url', 'summary', 'body'] as const;

export function NewsForm(props: {
  initial?: NewsItem;
  busy: boolean;
  onSubmit: (f: NewsFields) => void | Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { register, aria, shown, errorId, submit, warm } = useAdminForm<NewsFormValues>(
    resolver,
    {
      title: props.initial?.title ?? '',
      image_url: props.initial?.image_url ?? '',
      summary: props.initial?.summary ?? '',
      body: props.initial?.body ?? '',
      is_published: props.initial?.is_published ?? false,
    },
    ORDER,
  );

  const save = async (v: NewsFormValues) => {
    await props.onSubmit({
      title: v.title.trim(),
      summary: v.summary.trim(),
      body: v.body.trim(),
      image_url: v.image_url.trim() || null,
      is_published: v.is_published,
    });
  };

  return (
    <form
      className="wf-card admin-form"
      onSubmit={submit(save)}
      onFocus={warm}
      aria-label={t(props.initial ? 'news.form.edit' : 'news.form.create')}
    >
      <div className="admin-form__row">
        <Field label={t('news.form.title')}>
          <input className="wf-input" maxLength={200} required {...register('title')} {...aria('title')} />
        </Field>
        <Field label={t('news.form.image')}>
          <input
            className="wf-input"
            type="url"
            placeholder="https://…"
            {...register('image_url')}
            {...aria('image_url')}
          />
        </Field>
      </div>
      <Field label={t('news.form.summary')}>
        <input className="wf-input" maxLength={300} {...register('summary')} {...aria('summary')} />
      </Field>
      <Field label={t('news.form.text')}>
        <textarea
          className="wf-textarea wf-input"
          rows={6}
          required
          {...register('body')}
          {...aria('body')}
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
        submitLabel={t(props.initial ? 'common.saveChanges' : 'news.form.submit')}
      />
    </form>
  );
}

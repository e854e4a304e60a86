import { ErrorBox } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../i18n';
import { useErrorText } from '../lib/use-error-text';

/**
 * The head of an admin list page (news, roadmap): its title, the 'New …' button that opens and closes the create
 * form, the item counts, and the last write's or fetch's error with Dismiss.
 */
export function AdminListHead(props: {
  title: string;
  newLabel: string;
  creating: boolean;
  onToggleCreate: () => void;
  counts: { total: number; published: number; drafts: number };
  countsTestId: string;
  error: string | null;
  onDismissError: () => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const errorText = useErrorText();
  const { counts } = props;
  return (
    <>
      <header className="admin-head">
        <h1>{props.title}</h1>
        <button
          type="button"
          className="wf-btn"
          onClick={props.onToggleCreate}
          aria-expanded={props.creating}
        >
          {props.creating ? t('common.closeForm') : props.newLabel}
        </button>
      </header>
      <p className="wf-muted" data-testid={props.countsTestId}>
        {t('common.counts', counts)}
      </p>
      {props.error ? (
        <ErrorBox>
          {errorText(props.error)}{' '}
          <button type="button" className="wf-btn wf-btn--sm wf-btn--ghost" onClick={props.onDismissError}>
            {t('common.dismiss')}
          </button>
        </ErrorBox>
      ) : null}
    </>
  );
}

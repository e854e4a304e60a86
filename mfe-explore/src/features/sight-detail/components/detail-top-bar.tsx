import { ShareIcon } from '@wayfarer/ui/icons';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';
import { useShareLink } from '../hooks/use-share-link';
import { BackLink } from './detail-states';

/** Back to the list (keeping its view) and Share. */
export function DetailTopBar({ backTo, title }: { backTo: string; title: string }) {
  const { t } = useTranslation(EXPLORE_NS);
  const { share, message } = useShareLink(title);
  return (
    <nav className="explore-detail__top">
      <BackLink to={backTo} className="wf-btn wf-btn--ghost" />
      <button type="button" className="wf-btn wf-btn--ghost" onClick={share}>
        <ShareIcon aria-hidden="true" className="wf-icon" /> {t('detail.share')}
      </button>
      {message && (
        <span role="status" className="wf-muted">
          {t(message)}
        </span>
      )}
    </nav>
  );
}

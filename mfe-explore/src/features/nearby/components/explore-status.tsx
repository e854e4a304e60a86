import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';

/** The page's live messages (catalog keys): the place search's and locate-me's answers, and 'Looking for more sights…'. */
export function ExploreStatus({
  searchMessage,
  locateMessage,
  updating,
}: {
  searchMessage: string | null;
  locateMessage: string | null;
  updating: boolean;
}) {
  const { t } = useTranslation(EXPLORE_NS);
  return (
    <div className="explore-status" aria-live="polite">
      {searchMessage && (
        <p className="wf-alert wf-alert--info" data-testid="search-message">
          {t(searchMessage)}
        </p>
      )}
      {locateMessage && (
        <p className="wf-alert wf-alert--info" data-testid="geo-message">
          {t(locateMessage)}
        </p>
      )}
      {updating && (
        <p className="explore-updating wf-muted" data-testid="explore-updating">
          <span className="explore-updating__bar" aria-hidden="true" /> {t('nearby.updating')}
        </p>
      )}
    </div>
  );
}

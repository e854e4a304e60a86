import { EmptyState } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';

/** Nothing found around the point: widen the radius, or show every category. */
export function NoPlaces({
  km,
  type,
  onWiden,
  onAllTypes,
}: {
  km: number;
  type: string;
  onWiden: () => void;
  onAllTypes: () => void;
}) {
  const { t } = useTranslation(EXPLORE_NS);
  return (
    <EmptyState title={t('nearby.noneTitle')}>
      <p>{t('nearby.noneText')}</p>
      <div className="explore-empty__actions">
        {km < 20 && (
          <button type="button" className="wf-btn" onClick={onWiden}>
            {t('nearby.widen')}
          </button>
        )}
        {type !== 'all' && (
          <button type="button" className="wf-btn wf-btn--ghost" onClick={onAllTypes}>
            {t('nearby.allCategories')}
          </button>
        )}
      </div>
    </EmptyState>
  );
}

import { Link } from '@wayfarer/router';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { GUIDE_LANGUAGE_NAMES } from '@wayfarer/contracts/browser';
import type { GuideLanguage, OfflinePack } from '@wayfarer/contracts';
import { Trash2Icon } from '@wayfarer/ui/icons';
import { EXPLORE_NS } from '../../../i18n';
import { useDeletePack } from '../api/pack-queries';
import { formatBytes } from '../utils/pack-index';

/** The downloaded sights, each with its size, guide and a Delete button. */
export function PackList({ packs }: { packs: OfflinePack[] }) {
  const { t } = useTranslation(EXPLORE_NS);
  const fmt = useFormat();
  const remove = useDeletePack();
  return (
    <ul className="explore-packs" data-testid="pack-list">
      {packs.map((p) => (
        <li key={p.sightId} className="wf-card explore-packs__item" data-testid="pack">
          <div>
            <h2 className="explore-packs__name">
              <Link to={`/explore/${encodeURIComponent(p.sightId)}`}>{p.name}</Link>
            </h2>
            <p className="wf-muted">
              {t('downloads.size', { size: formatBytes(p.bytes, fmt.locale) })} ·{' '}
              {p.language
                ? t('downloads.guideIn', {
                    language: GUIDE_LANGUAGE_NAMES[p.language as GuideLanguage] ?? p.language,
                  })
                : t('downloads.noGuide')}{' '}
              · {t('downloads.stations', { count: p.stations })} ·{' '}
              {t('downloads.savedOn', { date: fmt.date(p.savedAt) })}
            </p>
          </div>
          <button
            type="button"
            className="wf-btn"
            onClick={() => remove.mutate(p.sightId)}
            disabled={remove.isPending}
            aria-label={t('downloads.deleteLabel', { name: p.name })}
          >
            <Trash2Icon aria-hidden="true" className="wf-icon" /> {t('downloads.delete')}
          </button>
        </li>
      ))}
    </ul>
  );
}

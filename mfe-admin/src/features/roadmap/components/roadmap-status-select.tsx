import { toast } from '@wayfarer/ui';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';
import { ROADMAP_STATUSES, type RoadmapFields, type RoadmapItem } from '../types';

/** A roadmap row's status, changed in place (the change is saved at once and confirmed by a toast). */
export function RoadmapStatusSelect({
  item,
  busy,
  onUpdate,
}: {
  item: RoadmapItem;
  busy: boolean;
  onUpdate: (patch: Partial<RoadmapFields>) => Promise<RoadmapItem | null>;
}) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <>
      <label className="wf-visually-hidden" htmlFor={`rm-status-${item.id}`}>
        {t('roadmap.statusOf', { name: item.title })}
      </label>
      <select
        id={`rm-status-${item.id}`}
        className="wf-select wf-input"
        style={{ width: 'auto', padding: '0.2rem 0.4rem' }}
        value={item.status}
        disabled={busy}
        onChange={async (e) => {
          const saved = await onUpdate({ status: e.target.value as RoadmapItem['status'] });
          if (saved)
            toast(t('roadmap.nowStatus', { name: saved.title, status: t(`roadmap.status.${saved.status}`) }));
        }}
      >
        {ROADMAP_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`roadmap.status.${s}`)}
          </option>
        ))}
      </select>
    </>
  );
}

import { StarIcon } from '@wayfarer/ui/icons';
import { useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../i18n';

const star = (key: number) => (
  <StarIcon key={key} aria-hidden="true" className="wf-icon" fill="currentColor" />
);

export function Stars({ value, label }: { value: number; label?: string }) {
  const { t } = useTranslation(EXPLORE_NS);
  const v = Math.round(value);
  return (
    <span className="explore-stars" role="img" aria-label={label ?? t('comments.stars', { count: v })}>
      {Array.from({ length: v }, (_, i) => star(i))}
      <span className="explore-stars__off">
        {Array.from({ length: Math.max(0, 5 - v) }, (_, i) => star(i))}
      </span>
    </span>
  );
}

export function StarInput({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (v: number | null) => void;
}) {
  const { t } = useTranslation(EXPLORE_NS);
  return (
    <div role="radiogroup" aria-label={t('comments.ratingLabel')} className="explore-star-input">
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={t('comments.star', { count: n })}
          className={value != null && n <= value ? 'is-on' : undefined}
          onClick={() => onChange(value === n ? null : n)}
        >
          <StarIcon aria-hidden="true" className="wf-icon" fill="currentColor" />
        </button>
      ))}
    </div>
  );
}

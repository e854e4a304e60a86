import { StarIcon } from '@wayfarer/ui/icons';

const star = (key: number) => (
  <StarIcon key={key} aria-hidden="true" className="wf-icon" fill="currentColor" />
);

export function Stars({ value, label }: { value: number; label?: string }) {
  const v = Math.round(value);
  return (
    <span className="explore-stars" role="img" aria-label={label ?? `${v} out of 5 stars`}>
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
  return (
    <div role="radiogroup" aria-label="Rating (optional)" className="explore-star-input">
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={`${n} star${n > 1 ? 's' : ''}`}
          className={value != null && n <= value ? 'is-on' : undefined}
          onClick={() => onChange(value === n ? null : n)}
        >
          <StarIcon aria-hidden="true" className="wf-icon" fill="currentColor" />
        </button>
      ))}
    </div>
  );
}

export function Stars({ value, label }: { value: number; label?: string }) {
  const v = Math.round(value);
  return (
    <span className="explore-stars" role="img" aria-label={label ?? `${v} out of 5 stars`}>
      {'★'.repeat(v)}
      <span className="explore-stars__off">{'★'.repeat(Math.max(0, 5 - v))}</span>
    </span>
  );
}

export function StarInput({ value, onChange }: { value: number | null; onChange: (v: number | null) => void }) {
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
          ★
        </button>
      ))}
    </div>
  );
}

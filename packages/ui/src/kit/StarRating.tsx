import { useId, useRef, type KeyboardEvent } from 'react';
import { cx } from './cx.ts';
import { useFieldError } from './useFieldError.ts';
import styles from './StarRating.module.css';

export interface StarRatingProps {
  label: string;
  /** The chosen stars, or null before one is chosen. */
  value: number | null;
  onChange: (value: number) => void;
  /** How many stars (5). */
  max?: number;
  /** What a value reads beside the stars once chosen ('Very Good'); the count alone when absent. */
  describe?: (value: number) => string | undefined;
  /** Shown under the stars; goes once a star is chosen, as a field's error goes when the user types. */
  error?: string | null | undefined;
  className?: string;
}

const starsText = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/**
 * A star rating as a radio group (WAI-ARIA radio pattern): each star a radio named '4 stars', one tab stop,
 * arrows move and choose, Home and End go to the ends; each star is a 44 px target; the chosen value reads beside.
 */
export function StarRating({
  label,
  value,
  onChange,
  max = 5,
  describe,
  error: given,
  className,
}: StarRatingProps) {
  const id = useId();
  const { shown: error, frameRef, edited } = useFieldError<HTMLDivElement>(given);
  const stars = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (next: number) => {
    edited();
    onChange(next);
    stars.current[next - 1]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const from = value ?? 0;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? Math.min(max, from + 1)
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? Math.max(1, from - 1)
          : event.key === 'Home'
            ? 1
            : event.key === 'End'
              ? max
              : null;
    if (next === null) return;
    event.preventDefault();
    choose(next);
  };
  const chosen = value ? [starsText(value), describe?.(value)].filter(Boolean).join(': ') : 'Not rated';
  return (
    <div ref={frameRef} className={cx(styles.field, className)}>
      <span id={`${id}-label`} className={styles.label}>
        {label}
      </span>
      <div className={styles.row}>
        <div
          role="radiogroup"
          aria-labelledby={`${id}-label`}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          className={styles.stars}
          onKeyDown={onKeyDown}
        >
          {Array.from({ length: max }, (_, i) => i + 1).map((star) => (
            <button
              key={star}
              ref={(node) => {
                stars.current[star - 1] = node;
              }}
              type="button"
              role="radio"
              aria-checked={star === value}
              aria-label={starsText(star)}
              tabIndex={star === (value ?? 1) ? 0 : -1}
              className={cx(styles.star, value !== null && star <= value && styles.on)}
              onClick={() => choose(star)}
            >
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
                <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
              </svg>
            </button>
          ))}
        </div>
        <span className={styles.value} aria-hidden="true">
          {chosen}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { countOf } from '@autoreel/core';
import { RATING_LABELS, RATING_MAX, RATING_MIN, NOT_RATED, ratingLabel } from '@autoreel/core';
import { cx } from '../../../kit/cx.ts';
import forms from '../../../kit/Form.module.css';
import styles from '../Account.module.css';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/** An optional 1-5 star rating with its SPEC 9 label; choosing the current star again clears it. */
export function RatingInput({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const label = ratingLabel(value);
  return (
    <fieldset className={styles.rating}>
      <legend className={forms.fieldLabel}>Rating (optional)</legend>
      <div className={styles.stars}>
        {STARS.map((star) => (
          <button
            key={star}
            type="button"
            className={cx(styles.star, star <= value && styles.starOn)}
            aria-label={`${countOf(star, 'star')}: ${RATING_LABELS[star as keyof typeof RATING_LABELS]}`}
            aria-pressed={star === value}
            onClick={() => onChange(star === value ? NOT_RATED : star)}
          >
            ★
          </button>
        ))}
        <span className={styles.ratingLabel} aria-live="polite">
          {label ?? 'Not rated'}
        </span>
      </div>
    </fieldset>
  );
}

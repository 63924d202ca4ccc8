import { useId, type ReactNode } from 'react';
import { cx } from '../kit/cx.ts';
import styles from './Wizard.module.css';

export interface ChipOption {
  value: string;
  label?: string;
  /** A colour swatch drawn before the label. */
  swatch?: string;
}

export interface ChipGroupProps {
  label: string;
  options: readonly (ChipOption | string)[];
  /** The chosen value(s); a string for a single choice, a list for many. */
  value: string | readonly string[];
  onToggle: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  /** Visually hide the group's label (it still names the group). */
  hideLabel?: boolean;
}

const normalise = (option: ChipOption | string): ChipOption =>
  typeof option === 'string' ? { value: option } : option;

/** Pressable chips for short option lists (years, colours, makes, features); each says whether it is chosen. */
export function ChipGroup({ label, options, value, onToggle, error, hint, hideLabel }: ChipGroupProps) {
  const id = useId();
  const chosen = (candidate: string) =>
    typeof value === 'string' ? value === candidate : value.includes(candidate);
  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={error ? `${id}-error` : undefined}
      className={styles.chipField}
    >
      <span id={`${id}-label`} className={hideLabel ? 'ar-visually-hidden' : styles.fieldLabel}>
        {label}
      </span>
      {hint ? <div className={styles.hint}>{hint}</div> : null}
      <div className={styles.chips}>
        {options.map(normalise).map((option) => (
          <button
            key={option.value}
            type="button"
            className={cx(styles.chip, chosen(option.value) && styles.chipOn)}
            aria-pressed={chosen(option.value)}
            onClick={() => onToggle(option.value)}
          >
            {option.swatch ? (
              <span className={styles.swatch} style={{ background: option.swatch }} aria-hidden="true" />
            ) : null}
            {option.label ?? option.value}
          </button>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

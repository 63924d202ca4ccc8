import { useId } from 'react';
import styles from './Dashboard.module.css';

export interface LabeledSelectProps<V extends string> {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
}

/** A native select with its label: light enough for a toolbar, and the platform's own keyboard and picker. */
export function LabeledSelect<V extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
}: LabeledSelectProps<V>) {
  const id = useId();
  return (
    <div className={styles.selectField}>
      <label htmlFor={id} className={styles.selectLabel}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as V)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

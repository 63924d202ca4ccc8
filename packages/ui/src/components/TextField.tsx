import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx, IconButton } from './Button.tsx';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import styles from './TextField.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: string;
  /** Shown under the input and tied to it with aria-describedby; also marks the input invalid. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Content inside the box before the input (a country picker button, a currency prefix). */
  start?: ReactNode;
  end?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, start, end, id, className, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx(styles.field, className)}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={cx(styles.control, error && styles.invalid)}>
        {start ? <span className={styles.start}>{start}</span> : null}
        <input
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
        {end ? <span className={styles.end}>{end}</span> : null}
      </div>
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'end'>;

/** A password input with a show/hide toggle (SPEC 2 'Auth screen'). */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      end={
        <IconButton
          size="sm"
          label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </IconButton>
      }
    />
  );
}

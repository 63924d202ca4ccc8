import {
  type ChangeEvent,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { IconButton } from './Button.tsx';
import { cx } from './cx.ts';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import { useFieldError } from './useFieldError.ts';
import styles from './TextField.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: string;
  /**
   * Shown under the input and tied to it with aria-describedby; also marks the input invalid. It goes as the user
   * types and comes back when the form is submitted with it again (useFieldError).
   */
  error?: string | null | undefined;
  /** The error is worked out from the value as it is typed (not at a submit), so typing does not hide it. */
  liveError?: boolean;
  hint?: ReactNode;
  /** Content inside the box before the input (a country picker button, a currency prefix). */
  start?: ReactNode;
  end?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** The ids that tie a field's hint and error to its control, and the control's aria-describedby. */
function useFieldIds(id: string | undefined, hint: ReactNode, error: string | null | undefined) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return { inputId, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** A field's label, its bordered box around the control, and the hint and error under it. */
function FieldFrame({
  label,
  error,
  hint,
  className,
  ids,
  frameRef,
  children,
}: {
  label: string;
  error: string | null;
  hint: ReactNode;
  className: string | undefined;
  ids: ReturnType<typeof useFieldIds>;
  frameRef: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <div ref={frameRef} className={cx(styles.field, className)}>
      <label className={styles.label} htmlFor={ids.inputId}>
        {label}
      </label>
      <div className={cx(styles.control, error && styles.invalid)}>{children}</div>
      {hint ? (
        <div id={ids.hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={ids.errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  error: given,
  liveError,
  hint,
  start,
  end,
  id,
  className,
  onChange,
  ...rest
}: TextFieldProps) {
  const { shown: error, frameRef, edited } = useFieldError<HTMLDivElement>(given, liveError);
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className} ids={ids} frameRef={frameRef}>
      {start ? <span className={styles.start}>{start}</span> : null}
      <input
        id={ids.inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          edited();
          onChange?.(event);
        }}
        {...rest}
      />
      {end ? <span className={styles.end}>{end}</span> : null}
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** Shown under the text area and tied to it with aria-describedby; also marks it invalid; goes as the user types. */
  error?: string | null | undefined;
  liveError?: boolean;
  hint?: ReactNode;
}

/** A labelled multi-line input with the same box, hint and error as TextField. */
export function TextAreaField({
  label,
  error: given,
  liveError,
  hint,
  id,
  className,
  rows = 4,
  onChange,
  ...rest
}: TextAreaFieldProps) {
  const { shown: error, frameRef, edited } = useFieldError<HTMLDivElement>(given, liveError);
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className} ids={ids} frameRef={frameRef}>
      <textarea
        id={ids.inputId}
        className={cx(styles.input, styles.textarea)}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
          edited();
          onChange?.(event);
        }}
        {...rest}
      />
    </FieldFrame>
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

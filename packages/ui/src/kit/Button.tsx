import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './cx.ts';
import { Spinner } from './Spinner.tsx';
import styles from './Button.module.css';

/**
 * 'danger' is a filled red button, for the one act a dialog confirms; 'danger-secondary' is the quiet outlined
 * form of it, for an irreversible act a page offers last, never its most prominent button.
 */
export type ButtonVariant =
  'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-secondary' | 'link' | 'video';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg';
  fullWidth?: boolean;
  /** Shows a spinner and blocks further presses while an action runs. */
  loading?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        styles.button,
        styles[variant],
        size !== 'md' && styles[size],
        fullWidth && styles.full,
        className,
      )}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={18} label={null} /> : icon}
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** The accessible name; an icon alone says nothing to a screen reader. */
  label: string;
  variant?: 'ghost' | 'solid' | 'video';
  size?: 'sm' | 'md';
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({
  label,
  variant = 'ghost',
  size = 'md',
  className,
  children,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cx(
        styles.icon,
        variant === 'solid' && styles.iconSolid,
        variant === 'video' && styles.iconVideo,
        size === 'sm' && styles.iconSm,
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
}

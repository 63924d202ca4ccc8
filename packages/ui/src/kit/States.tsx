import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';
import { AlertIcon, InboxIcon } from './icons.tsx';
import styles from './States.module.css';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  /** For use on a dark video surface. */
  dark?: boolean;
  /** The heading level that fits where the state sits in the page outline. */
  headingLevel?: 1 | 2 | 3;
}

export function EmptyState({ title, description, icon, actions, dark, headingLevel = 2 }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={cx(styles.state, dark && styles.dark)}>
      <div className={styles.icon} aria-hidden="true">
        {icon ?? <InboxIcon size={28} />}
      </div>
      <Heading className={styles.title}>{title}</Heading>
      {description ? <p className={styles.text}>{description}</p> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  );
}

export interface ErrorStateProps {
  title?: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
  dark?: boolean;
}

export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Try again',
  dark,
}: ErrorStateProps) {
  return (
    <section className={cx(styles.state, dark && styles.dark)} role="alert">
      <div className={cx(styles.icon, styles.errorIcon)} aria-hidden="true">
        <AlertIcon size={28} />
      </div>
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.text}>{message}</p>
      {onRetry ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

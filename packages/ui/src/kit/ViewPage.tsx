import type { ReactNode } from 'react';
import { IconButton } from './Button.tsx';
import { cx } from './cx.ts';
import { ChevronLeftIcon } from './icons.tsx';
import styles from './ViewPage.module.css';

export interface ViewPageProps {
  title: string;
  eyebrow?: string;
  /** What the view is for, in a sentence. */
  purpose: ReactNode;
  onBack?: () => void;
  backLabel?: string;
  dark?: boolean;
  children?: ReactNode;
}

/** The frame of a view: its heading, what it is for, optional back, and its content. */
export function ViewPage({ title, eyebrow, purpose, onBack, backLabel, dark, children }: ViewPageProps) {
  return (
    <div className={cx(styles.page, dark && styles.dark)}>
      <div className={styles.inner}>
        <div className={styles.top}>
          {onBack ? (
            <IconButton label={backLabel ?? 'Back'} variant={dark ? 'video' : 'solid'} onClick={onBack}>
              <ChevronLeftIcon />
            </IconButton>
          ) : null}
          <div>
            {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
            <h1 className={styles.title}>{title}</h1>
          </div>
        </div>
        <p className={styles.purpose}>{purpose}</p>
        {children ? <div className={styles.card}>{children}</div> : null}
      </div>
    </div>
  );
}

export const viewPageStyles = styles;

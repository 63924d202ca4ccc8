import { PlayIcon } from './icons.tsx';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  size?: number;
  /** Announced to screen readers; null when the surrounding text already says what is loading. */
  label?: string | null;
}

export function Spinner({ size = 24, label = 'Loading' }: SpinnerProps) {
  return (
    <span
      className={styles.spinner}
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label ?? undefined}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** The full-screen 'Loading...' shown while authentication resolves (SPEC 2). */
export function Splash({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className={styles.splash} role="status" aria-live="polite">
      <div className={styles.logo}>
        <span className={styles.mark}>
          <PlayIcon size={24} />
        </span>
        AutoReel
      </div>
      <Spinner size={28} label={null} />
      <p className={styles.splashText}>{text}</p>
    </div>
  );
}

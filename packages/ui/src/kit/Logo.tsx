import { PlayIcon } from './icons.tsx';
import styles from './Logo.module.css';

export function LogoMark() {
  return (
    <>
      <span className={styles.logoMark} aria-hidden="true">
        <PlayIcon size={20} />
      </span>
      <span>
        Auto<span className={styles.logoAccent}>Reel</span>
      </span>
    </>
  );
}

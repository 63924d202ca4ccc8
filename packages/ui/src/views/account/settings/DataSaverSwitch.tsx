import { useId } from 'react';
import { PlayIcon } from '../../../kit/icons.tsx';
import { useDataSaver, writeDataSaver } from '../../../platform/data-saver.ts';
import styles from '../Account.module.css';

/**
 * Settings > Data saver, kept on this device: feed videos stay in their lowest quality and nothing is fetched
 * ahead but the next car's photo. The browser's own Save-Data and a 2G/3G connection do the same without it.
 */
export function DataSaverSwitch() {
  const on = useDataSaver();
  const hintId = useId();
  return (
    <ul className={styles.settingsList} aria-label="Video">
      <li>
        <label className={styles.settingsItem}>
          <span className={styles.settingsIcon} aria-hidden="true">
            <PlayIcon size={20} />
          </span>
          <span className={styles.settingsText}>
            <span className={styles.settingsLabel}>Data saver</span>
            <span className={styles.muted} id={hintId}>
              {on
                ? 'On: videos play in low quality, and only the next photo loads ahead'
                : 'Videos in low quality on this device, nothing loaded ahead'}
            </span>
          </span>
          <input
            type="checkbox"
            role="switch"
            className={styles.settingsSwitch}
            checked={on}
            aria-describedby={hintId}
            onChange={(event) => writeDataSaver(event.currentTarget.checked)}
          />
        </label>
      </li>
    </ul>
  );
}

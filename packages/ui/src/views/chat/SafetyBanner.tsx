import { SAFETY_BANNER_TITLE, SAFETY_TIPS } from '@autoreel/core';
import { useState } from 'react';
import { IconButton } from '../../components/Button.tsx';
import { CloseIcon, ShieldIcon } from '../../components/icons.tsx';
import styles from './Chat.module.css';

/** SPEC 2's dismissible 'Stay Safe - Avoid Scams' banner with its four tips. */
export function SafetyBanner() {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside className={styles.safety} aria-label={SAFETY_BANNER_TITLE}>
      <ShieldIcon size={20} />
      <div>
        <strong>{SAFETY_BANNER_TITLE}</strong>
        <ul>
          {SAFETY_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
      <IconButton label="Dismiss safety tips" size="sm" onClick={() => setOpen(false)}>
        <CloseIcon size={16} />
      </IconButton>
    </aside>
  );
}

import { SAFETY_BANNER_TITLE, safetyTipsFor, type ChatSide } from '@autoreel/core';
import { useEffect, useId, useState } from 'react';
import { IconButton } from '../../../kit/Button.tsx';
import { ChevronDownIcon, CloseIcon, ShieldIcon } from '../../../kit/icons.tsx';
import { readFlag, writeFlag } from '../../../state/local-storage.ts';
import styles from './Chat.module.css';

/** Remembered per side: a dealer who read the seller's tips has not read the buyer's. */
export const safetySeenKey = (side: ChatSide) => `autoreel.chat.safetySeen.${side}`;

/**
 * SPEC 2's 'Stay Safe - Avoid Scams' banner with the tips for the viewer's side. It shows in full the first time;
 * once read (shown once) or dismissed it is one line that opens the tips again, so the messages keep the screen.
 */
export function SafetyBanner({ side }: { side: ChatSide }) {
  const [expanded, setExpanded] = useState(() => !readFlag(safetySeenKey(side)));
  const tipsId = useId();
  // Shown once is read once: the next conversation starts with the line.
  useEffect(() => writeFlag(safetySeenKey(side)), [side]);
  const tips = safetyTipsFor(side);

  if (!expanded) {
    return (
      <aside className={styles.safetyLine} aria-label={SAFETY_BANNER_TITLE}>
        <button
          type="button"
          className={styles.safetyToggle}
          aria-expanded={false}
          aria-controls={tipsId}
          onClick={() => setExpanded(true)}
        >
          <ShieldIcon size={16} />
          <span>{SAFETY_BANNER_TITLE}</span>
          <ChevronDownIcon size={16} />
        </button>
      </aside>
    );
  }
  return (
    <aside className={styles.safety} aria-label={SAFETY_BANNER_TITLE} id={tipsId}>
      <ShieldIcon size={20} />
      <div>
        <strong>{SAFETY_BANNER_TITLE}</strong>
        <ul>
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
      <IconButton label="Dismiss safety tips" size="sm" onClick={() => setExpanded(false)}>
        <CloseIcon size={16} />
      </IconButton>
    </aside>
  );
}

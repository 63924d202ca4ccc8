import { useState } from 'react';
import {
  replyTimeLabel,
  SELLER_BADGE_LABELS,
  VERIFIED_NOTE,
  type ReplyTime,
  type SellerBadge,
} from '@autoreel/core';
import { Dialog } from '../kit/Dialog.tsx';
import { ShieldIcon } from '../kit/icons.tsx';
import styles from './SellerTrust.module.css';

/** 'Usually replies within an hour' and the like; nothing while the seller has under 3 conversations. */
export function ReplyTimeLine({ replyTime }: { replyTime: ReplyTime | undefined }) {
  const label = replyTimeLabel(replyTime);
  if (!label || !replyTime) return null;
  return (
    <p
      className={styles.replyTime}
      data-testid="reply-time"
      title={`The middle of this seller's first replies to ${replyTime.sample} buyers over the last 90 days`}
    >
      {label}
    </p>
  );
}

/** 'Verified Dealer' or 'Phone Verified', only when the seller earned it. */
export function SellerBadgeMark({ badge }: { badge: SellerBadge | null | undefined }) {
  if (!badge) return null;
  return (
    <span className={styles.badge}>
      <ShieldIcon size={14} />
      {SELLER_BADGE_LABELS[badge]}
    </span>
  );
}

/** What a verified mark checks and what it does not: the text the collection header's mark opens. */
export function VerifiedNoteText() {
  return (
    <div className={styles.note}>
      <h3 className={styles.noteHeading}>What we check</h3>
      <ul className={styles.noteList}>
        {VERIFIED_NOTE.checked.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3 className={styles.noteHeading}>What we do not check</h3>
      <ul className={styles.noteList}>
        {VERIFIED_NOTE.notChecked.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className={styles.advice}>{VERIFIED_NOTE.advice}</p>
    </div>
  );
}

/** The collection header's verified mark (SPEC 2 browse): a button that opens the note of what is checked. */
export function VerifiedMark({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${styles.mark} ${className ?? ''}`}
        aria-haspopup="dialog"
        aria-label="Verified: what is checked"
        onClick={() => setOpen(true)}
      >
        <ShieldIcon size={16} />
        Verified
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={VERIFIED_NOTE.title}>
        <VerifiedNoteText />
      </Dialog>
    </>
  );
}

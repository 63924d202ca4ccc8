import styles from './Moderation.module.css';

/** What the seller reads on a listing moderation hid, in every list of their own cars. */
export const HIDDEN_BY_MODERATION = 'Hidden by moderation: buyers cannot see it';

/**
 * The mark on a listing moderation hid (the reason went to the seller's notifications); nothing for any other.
 * Buyers never meet it: a hidden listing is out of every public answer.
 */
export function HiddenMark({ hidden }: { hidden: boolean | undefined }) {
  if (!hidden) return null;
  return (
    <span className={styles.hiddenMark} data-testid="hidden-by-moderation">
      {HIDDEN_BY_MODERATION}
    </span>
  );
}

import { cardReasons, matchBannerColor, type MatchResult } from '@autoreel/core';
import { cx } from '../kit/cx.ts';
import styles from './MatchScore.module.css';

/** What a match result shows of itself: the score computed for the car and the scorer's reasons for it. */
export type CarMatch = Pick<MatchResult, 'matchScore' | 'reasons'>;

/**
 * SPEC 4 'Display rules': '85% Match', green from 70, blue from 50, orange from 40, red below. The cards show it as a
 * banner across the top; `compact` is the pill the feed lays over its video.
 */
export function MatchBadge({ score, compact }: { score: number; compact?: boolean }) {
  const colour = matchBannerColor(score);
  return (
    <p className={cx(styles.badge, compact && styles.compact, styles[colour])} data-colour={colour}>
      {Math.round(score)}% Match
    </p>
  );
}

/** SPEC 9: the first two reasons the scorer gave for this car, as 'Why it matches'; nothing when it gave none. */
export function MatchReasons({ reasons, dark }: { reasons: CarMatch['reasons']; dark?: boolean }) {
  const shown = cardReasons(reasons);
  if (shown.length === 0) return null;
  return (
    <ul className={cx(styles.reasons, dark && styles.dark)} aria-label="Why it matches">
      {shown.map((reason) => (
        <li key={reason}>
          <span>{reason}</span>
        </li>
      ))}
    </ul>
  );
}

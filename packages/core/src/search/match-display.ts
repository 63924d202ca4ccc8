/** Match-score display rules (SPEC 4 'Display rules', SPEC 9 'Card shows at most 2 reasons'). */

export type MatchBannerColor = 'green' | 'blue' | 'orange' | 'red';

export const MATCH_GREEN_FROM = 70;
export const MATCH_BLUE_FROM = 50;
/** The SPEC says 'yellow/orange'; one name keeps the theme mapping single-valued. */
export const MATCH_ORANGE_FROM = 40;

/** A card has room for two reasons; the rest stay on the detail view. */
export const MAX_CARD_REASONS = 2;

export function matchBannerColor(score: number): MatchBannerColor {
  if (score >= MATCH_GREEN_FROM) return 'green';
  if (score >= MATCH_BLUE_FROM) return 'blue';
  if (score >= MATCH_ORANGE_FROM) return 'orange';
  return 'red';
}

/** The reasons a card shows: the first two non-blank ones, in the order the scorer gave them. */
export function cardReasons(reasons: readonly string[] | null | undefined): string[] {
  return (reasons ?? []).filter((reason) => reason.trim() !== '').slice(0, MAX_CARD_REASONS);
}

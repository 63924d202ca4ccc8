/** Match-score display rules (SPEC 4 'Display rules', SPEC 9 'Card shows at most 2 reasons'). */
import { countOf, groupDigits } from '../text/index.ts';

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

/**
 * The lifestyle note under a card's reasons: the reasons the card has no room for, so each is said once on the
 * page (the card's two are not repeated); empty when the card shows them all.
 */
export function lifestyleNote(reasons: readonly string[] | null | undefined): string {
  const rest = (reasons ?? []).filter((reason) => reason.trim() !== '').slice(MAX_CARD_REASONS);
  return rest.length > 0 ? `Also: ${rest.join('; ')}.` : '';
}

/**
 * What an AI answer shows, said as what it is: 'Top 20 of 203 matches' when more cars match than are shown, else
 * '3 matches'.
 */
export function matchesShown(shown: number, total: number): string {
  const all = Math.max(total, shown);
  return all > shown
    ? `Top ${groupDigits(shown)} of ${countOf(all, 'match', 'matches')}`
    : countOf(shown, 'match', 'matches');
}

/** Where a price sits against the market (SPEC 4 'Display rules', SPEC 9: thresholds plus or minus 5%). */
import type { MarketPosition, PricingInsight } from './match-schema.ts';

/** Below this share of the market price a car is 'below' market (strictly under 95%). */
export const BELOW_MARKET_PERCENT = 95;
/** Above this share of the market price a car is 'above' market (strictly over 105%). */
export const ABOVE_MARKET_PERCENT = 105;
/** Confidence reported with locally computed pricing insights (SPEC 9). */
export const PRICING_CONFIDENCE = 85;

/** The positions this rule computes; 'fair' is only ever read from other sources, as a synonym of 'at'. */
export type PricePosition = Exclude<MarketPosition, 'fair'>;

export const PRICING_SUGGESTIONS: Readonly<Record<PricePosition, string>> = {
  below: 'Priced below similar cars: a good deal',
  at: 'Priced in line with similar cars',
  above: 'Priced above similar cars: there may be room to negotiate',
};

/**
 * Compares with integer-friendly products (price * 100 vs market * 95) so that exactly 95% and 105% are 'at'
 * without floating-point division noise. Without a usable market price there is nothing to claim, so 'at'.
 */
export function pricingPosition(price: number, marketPrice: number): PricePosition {
  if (!Number.isFinite(price) || !Number.isFinite(marketPrice) || marketPrice <= 0) return 'at';
  if (price * 100 < marketPrice * BELOW_MARKET_PERCENT) return 'below';
  if (price * 100 > marketPrice * ABOVE_MARKET_PERCENT) return 'above';
  return 'at';
}

/** The insight shown on a card when a market price is known; null when it is not. */
export function pricingInsight(
  price: number | null | undefined,
  marketPrice: number | null | undefined,
  comparables = 0,
): PricingInsight | null {
  if (typeof price !== 'number' || price <= 0 || typeof marketPrice !== 'number' || marketPrice <= 0)
    return null;
  const marketPosition = pricingPosition(price, marketPrice);
  return {
    marketPosition,
    suggestion: PRICING_SUGGESTIONS[marketPosition],
    confidence: PRICING_CONFIDENCE,
    comparables,
  };
}

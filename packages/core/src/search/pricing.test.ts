import { describe, expect, it } from 'vitest';
import {
  ABOVE_MARKET_PERCENT,
  BELOW_MARKET_PERCENT,
  PRICING_CONFIDENCE,
  PRICING_SUGGESTIONS,
  pricingInsight,
  pricingPosition,
} from './pricing.ts';

describe('pricingPosition', () => {
  it('pins the thresholds', () => {
    expect(BELOW_MARKET_PERCENT).toBe(95);
    expect(ABOVE_MARKET_PERCENT).toBe(105);
    expect(PRICING_CONFIDENCE).toBe(85);
  });

  it('is below under 95% of the market price', () => {
    expect(pricingPosition(9499, 10000)).toBe('below');
    expect(pricingPosition(94.99, 100)).toBe('below');
    expect(pricingPosition(950000 - 1, 1000000)).toBe('below');
  });

  it('is at from 95% to 105% inclusive', () => {
    expect(pricingPosition(95, 100)).toBe('at');
    expect(pricingPosition(950000, 1000000)).toBe('at');
    expect(pricingPosition(100, 100)).toBe('at');
    expect(pricingPosition(105, 100)).toBe('at');
    expect(pricingPosition(1050000, 1000000)).toBe('at');
  });

  it('is above over 105%', () => {
    expect(pricingPosition(105.01, 100)).toBe('above');
    expect(pricingPosition(1050001, 1000000)).toBe('above');
  });

  it("is 'at' without a usable market price", () => {
    expect(pricingPosition(100, 0)).toBe('at');
    expect(pricingPosition(100, -1)).toBe('at');
    expect(pricingPosition(Number.NaN, 100)).toBe('at');
    expect(pricingPosition(100, Infinity)).toBe('at');
  });
});

describe('pricingInsight', () => {
  it('builds an insight with confidence 85', () => {
    expect(pricingInsight(90, 100, 4)).toEqual({
      marketPosition: 'below',
      suggestion: PRICING_SUGGESTIONS.below,
      confidence: 85,
      comparables: 4,
    });
    expect(pricingInsight(120, 100)?.marketPosition).toBe('above');
    expect(pricingInsight(100, 100)?.comparables).toBe(0);
  });

  it('is null without both prices', () => {
    expect(pricingInsight(null, 100)).toBeNull();
    expect(pricingInsight(0, 100)).toBeNull();
    expect(pricingInsight(100, undefined)).toBeNull();
    expect(pricingInsight(100, 0)).toBeNull();
  });
});

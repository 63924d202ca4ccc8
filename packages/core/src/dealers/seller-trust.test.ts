import { describe, expect, it } from 'vitest';
import { replyBoostHours, replyTimeLabel, replyTimeOf, sellerBadgeOf } from './seller-trust.ts';
import { ReplyTimeSchema } from './seller-trust-schemas.ts';

describe('reply time', () => {
  it('is null under three conversations or without a median', () => {
    expect(replyTimeOf(30, 2)).toBeNull();
    expect(replyTimeOf(null, 5)).toBeNull();
    expect(replyTimeOf(30.4, 3)).toEqual({ medianMinutes: 30, sample: 3 });
  });

  it.each([
    [0, 'Usually replies within an hour', 12],
    [60, 'Usually replies within an hour', 12],
    [61, 'Usually replies within a few hours', 6],
    [360, 'Usually replies within a few hours', 6],
    [361, 'Usually replies within a day', 2],
    [1440, 'Usually replies within a day', 2],
    [1441, 'Usually replies in a few days', 0],
  ])('%i minutes reads %j with a %i hour boost', (minutes, label, boost) => {
    const time = { medianMinutes: minutes, sample: 4 };
    expect(replyTimeLabel(time)).toBe(label);
    expect(replyBoostHours(time)).toBe(boost);
  });

  it('tells nothing and boosts nothing without a reply time', () => {
    expect(replyTimeLabel(null)).toBeNull();
    expect(replyTimeLabel(undefined)).toBeNull();
    expect(replyBoostHours(null)).toBe(0);
  });

  it('accepts null and refuses a sample of zero on the wire', () => {
    expect(ReplyTimeSchema.safeParse(null).success).toBe(true);
    expect(ReplyTimeSchema.safeParse({ medianMinutes: 5, sample: 0 }).success).toBe(false);
  });
});

describe('seller badges', () => {
  it('gives Verified Dealer only to approved dealers and Phone Verified only to private sellers', () => {
    expect(sellerBadgeOf({ isDealer: true, dealerVerified: true, phoneVerified: true })).toBe(
      'verified-dealer',
    );
    expect(sellerBadgeOf({ isDealer: true, dealerVerified: false, phoneVerified: true })).toBeNull();
    expect(sellerBadgeOf({ isDealer: false, dealerVerified: false, phoneVerified: true })).toBe(
      'phone-verified',
    );
    expect(sellerBadgeOf({ isDealer: false, dealerVerified: true, phoneVerified: false })).toBeNull();
  });
});

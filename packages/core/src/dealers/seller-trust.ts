/*
 * What a buyer is told about a seller before trusting them (issue 28): the badge that says what was checked, and how
 * soon the seller usually answers. docs/cars-and-dealers.md says what each promises.
 */

/**
 * A seller's badge: 'verified-dealer' for a dealership an admin approved, 'phone-verified' for a private seller whose
 * phone answered a code. Anyone else has none.
 */
export const SELLER_BADGES = ['verified-dealer', 'phone-verified'] as const;
export type SellerBadge = (typeof SELLER_BADGES)[number];

export const SELLER_BADGE_LABELS: Record<SellerBadge, string> = {
  'verified-dealer': 'Verified Dealer',
  'phone-verified': 'Phone Verified',
};

/** The badge a seller earns: dealers by an admin's approval, private sellers by their phone. */
export function sellerBadgeOf(seller: {
  isDealer: boolean;
  dealerVerified: boolean;
  phoneVerified: boolean;
}): SellerBadge | null {
  if (seller.isDealer) return seller.dealerVerified ? 'verified-dealer' : null;
  return seller.phoneVerified ? 'phone-verified' : null;
}

/** The note the collection header's verified mark opens: what a verified mark checks, and what it does not. */
export const VERIFIED_NOTE = {
  title: 'What Verified means',
  checked: [
    'Verified Dealer: an AutoReel admin reviewed the dealership’s application (its name and location) and approved it',
    'Phone Verified: the private seller’s phone number answered a code we sent to it',
    'A dealership’s new name waits for our review, and a new phone needs a code sent to it',
  ],
  notChecked: [
    'The car itself, its condition or its mileage',
    'Its papers, ownership, finance or history',
    'Whether the price is fair',
  ],
  advice: 'Never pay before you have seen the car and its papers.',
} as const;

/** Conversations opened within this many days count towards a seller's reply time. */
export const REPLY_TIME_WINDOW_DAYS = 90;
/** Under this many counted conversations a seller's reply time is not shown (null). */
export const REPLY_TIME_MIN_SAMPLE = 3;
/** A conversation still unanswered after this many days counts as answered in this many days. */
export const REPLY_TIME_UNANSWERED_DAYS = 7;

/**
 * A seller's median first reply to a buyer over the last REPLY_TIME_WINDOW_DAYS, in whole minutes, and how many
 * conversations it is the median of; null under REPLY_TIME_MIN_SAMPLE conversations.
 */
export type ReplyTime = { medianMinutes: number; sample: number } | null;

/** The bands a reply time is told in, fastest first, each up to its limit in minutes. */
export const REPLY_TIME_BANDS = [
  { band: 'hour', upToMinutes: 60, label: 'Usually replies within an hour', boostHours: 12 },
  { band: 'hours', upToMinutes: 6 * 60, label: 'Usually replies within a few hours', boostHours: 6 },
  { band: 'day', upToMinutes: 24 * 60, label: 'Usually replies within a day', boostHours: 2 },
  { band: 'days', upToMinutes: Infinity, label: 'Usually replies in a few days', boostHours: 0 },
] as const;
export type ReplyTimeBand = (typeof REPLY_TIME_BANDS)[number]['band'];

/** A reply time as a stored figure makes it: null under the minimum sample. */
export function replyTimeOf(medianMinutes: number | null, sample: number): ReplyTime {
  if (medianMinutes === null || sample < REPLY_TIME_MIN_SAMPLE) return null;
  return { medianMinutes: Math.max(0, Math.round(medianMinutes)), sample };
}

function bandOf(replyTime: ReplyTime) {
  if (!replyTime) return null;
  return REPLY_TIME_BANDS.find((band) => replyTime.medianMinutes <= band.upToMinutes) ?? null;
}

/** 'Usually replies within an hour', ...; null when there is no reply time to tell. */
export function replyTimeLabel(replyTime: ReplyTime | undefined): string | null {
  return bandOf(replyTime ?? null)?.label ?? null;
}

/**
 * How many hours newer a seller's cars count in the default order (newest first) for answering buyers: 12 within
 * an hour, 6 within a few hours, 2 within a day, none past a day or without a reply time.
 */
export function replyBoostHours(replyTime: ReplyTime | undefined): number {
  return bandOf(replyTime ?? null)?.boostHours ?? 0;
}

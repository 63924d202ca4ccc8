/**
 * What makes one match better than another beyond the share of the ask a car meets: its price against its
 * comparables, its mileage for its age, its age, how near its price is to the budget, its photos and video, and
 * its seller's reply time. Each factor is 0 to 1, and a factor the car's data cannot answer (no comparables, no
 * budget asked, no reply time yet) is neutral: 0.5 for every car, so it never reorders them. The curves are
 * smooth (no cap where two different cars would tie) and documented in docs/ai.md ('Match scores').
 */
import { buyerMoney } from './buyer-money.ts';
import { formatAmount, hasPrice } from '../money/index.ts';
import { pricingInsight } from './pricing.ts';
import type { PricingInsight } from './match-schema.ts';

/**
 * The seller's typical time to answer a buyer, as car answers carry it (the dealers subject's ReplyTime, which the
 * search subject, on the same row, does not import).
 */
export interface SellerReplyTime {
  medianMinutes: number;
  /** How many replies the median is of. */
  sample: number;
}

/** The car's market, as the pricing insight computes it: the median of its comparables and their count. */
export interface CarMarket {
  marketPrice: number;
  comparables: number;
}

/** The facts the quality factors read; every field optional, so a card's car and the API's candidate both fit. */
export interface QualityCar {
  price?: number | null;
  year?: number | null;
  mileage?: number | null;
  /** Photos: a count, else the images list. */
  photoCount?: number | null;
  images?: readonly unknown[] | null;
  /** A playable video: a flag, else a non-empty videos list. */
  hasVideo?: boolean | null;
  videos?: readonly unknown[] | null;
  /**
   * The slot for the seller's reply time: read when the car carries it (`{medianMinutes, sample}` or null), neutral
   * while it does not.
   */
  replyTime?: SellerReplyTime | null;
}

/**
 * The score's parts, out of 100. The ask (the share of what was asked that the car meets) stays the largest part, so
 * a car meeting everything is always ahead of one missing a wish; the rest orders cars that meet the same share.
 */
export const RANK_WEIGHTS = {
  ask: 70,
  deal: 10,
  age: 6,
  mileageForAge: 4,
  budgetCloseness: 4,
  media: 4,
  replyTime: 2,
} as const;

/** A factor the data cannot answer scores this for every car. */
export const NEUTRAL = 0.5;
/** Kilometres a car is expected to do in a year, for 'mileage for its age'. */
export const EXPECTED_KM_PER_YEAR = 15_000;
/** Mileage at or under this share of the expected is 'low mileage for its year' in the reasons. */
export const LOW_MILEAGE_SHARE = 0.6;
/** Photos beyond this count add nothing more. */
export const PHOTOS_FOR_FULL_MARKS = 10;
/** A median reply within this many minutes is named in the reasons; it needs this many replies to count. */
export const QUICK_REPLY_MINUTES = 60;
export const MIN_REPLY_SAMPLE = 3;

export interface QualityContext {
  currencySymbol: string;
  lilangeniPerUnit?: number;
  /** The year ages are counted to. */
  currentYear: number;
  /** The buyer's budget, when one was asked. */
  maxPrice?: number | undefined;
  minPrice?: number | undefined;
}

export interface QualityFactor {
  key: keyof Omit<typeof RANK_WEIGHTS, 'ask'>;
  /** 0 to 1. */
  met: number;
  reason: string | null;
  /** Where its reason sits among the ask's (budget 0, seats and preferences 1, words 2, filters 3). */
  order: number;
}

const money = (context: QualityContext, amount: number) =>
  buyerMoney(amount, { symbol: context.currencySymbol, lilangeniPerUnit: context.lilangeniPerUnit ?? 1 });

/**
 * Price against the market: 0.5 at the market price, rising smoothly towards 1 the further under it and falling
 * towards 0 the further over (tanh of four times the distance: 10% under is 0.69, 20% under 0.83).
 */
function deal(car: QualityCar, market: CarMarket | null, context: QualityContext): QualityFactor {
  const insight = market && hasPrice(car.price) ? pricingInsight(car.price, market.marketPrice) : null;
  if (!market || !insight || !hasPrice(car.price))
    return { key: 'deal', met: NEUTRAL, reason: null, order: 0 };
  const distance = (market.marketPrice - car.price) / market.marketPrice;
  const met = 0.5 + 0.5 * Math.tanh(4 * distance);
  const reason =
    insight.marketPosition === 'below'
      ? `${money(context, market.marketPrice - car.price)} under similar cars`
      : null;
  return { key: 'deal', met, reason, order: 0.5 };
}

function ageOf(car: QualityCar, context: QualityContext): number | null {
  return typeof car.year === 'number' ? Math.max(0, context.currentYear - car.year) : null;
}

/**
 * Mileage against what a car of its age is expected to have done, 15,000 km a year counted from its first year
 * (age + 1, so this year's cars are not divided by nothing): 1 / (1 + mileage / expected), 0.5 at the expected.
 */
function mileageForAge(car: QualityCar, context: QualityContext): QualityFactor {
  const age = ageOf(car, context);
  if (age === null || typeof car.mileage !== 'number' || car.mileage < 0)
    return { key: 'mileageForAge', met: NEUTRAL, reason: null, order: 1.5 };
  const met = 1 / (1 + car.mileage / (EXPECTED_KM_PER_YEAR * (age + 1)));
  const ratio = car.mileage / (EXPECTED_KM_PER_YEAR * Math.max(age, 1));
  const reason =
    ratio <= LOW_MILEAGE_SHARE && age >= 1
      ? `Low mileage for ${car.year}: ${formatAmount(car.mileage)} km`
      : null;
  return { key: 'mileageForAge', met, reason, order: 1.5 };
}

/** A car this many years old or more scores nothing for its age. */
export const OLDEST_AGE = 50;

/**
 * Younger is better: 1 - ln(1 + age) / ln(1 + 50), so a new car is 1 and a 6-year-old one 0.5. The logarithm keeps
 * each year worth more than the mileage-for-age factor gains from it, so of two cars with the same mileage the
 * younger always scores higher.
 */
function age(car: QualityCar, context: QualityContext): QualityFactor {
  const years = ageOf(car, context);
  if (years === null) return { key: 'age', met: NEUTRAL, reason: null, order: 1.6 };
  const met = Math.max(0, 1 - Math.log(1 + years) / Math.log(1 + OLDEST_AGE));
  return { key: 'age', met, reason: years <= 1 ? `Nearly new: ${car.year}` : null, order: 1.6 };
}

/**
 * How near the price is to the budget: 1 inside it, falling as 1 / (1 + 10 x distance / bound) outside it (10%
 * over is 0.5). It orders near matches whose budget was let go and cars just over a maximum; inside the budget the
 * deal factor decides. Neutral without a budget or a price.
 */
function budgetCloseness(car: QualityCar, context: QualityContext): QualityFactor {
  const { maxPrice: max, minPrice: min } = context;
  if ((!hasPrice(max) && !hasPrice(min)) || !hasPrice(car.price))
    return { key: 'budgetCloseness', met: NEUTRAL, reason: null, order: 0 };
  let met = 1;
  if (hasPrice(max) && car.price > max) met = 1 / (1 + (10 * (car.price - max)) / max);
  if (hasPrice(min) && car.price < min) met = 1 / (1 + (10 * (min - car.price)) / min);
  return { key: 'budgetCloseness', met, reason: null, order: 0 };
}

function photoCount(car: QualityCar): number {
  return car.photoCount ?? car.images?.length ?? 0;
}

function hasVideo(car: QualityCar): boolean {
  return car.hasVideo ?? (car.videos?.length ?? 0) > 0;
}

/** Half for a video, half for photos (up to 10). */
function media(car: QualityCar): QualityFactor {
  const photos = Math.min(photoCount(car), PHOTOS_FOR_FULL_MARKS);
  const video = hasVideo(car);
  const met = (video ? 0.5 : 0) + (0.5 * photos) / PHOTOS_FOR_FULL_MARKS;
  const reason = video && photos >= 5 ? `Video and ${photoCount(car)} photos` : null;
  return { key: 'media', met, reason, order: 2.5 };
}

/** Quicker is better: 1 / (1 + minutes / 120), from at least 3 replies; neutral without them. */
function replyTime(car: QualityCar): QualityFactor {
  const reply = car.replyTime;
  if (!reply || reply.sample < MIN_REPLY_SAMPLE || !Number.isFinite(reply.medianMinutes))
    return { key: 'replyTime', met: NEUTRAL, reason: null, order: 2.6 };
  const minutes = Math.max(0, reply.medianMinutes);
  const reason = minutes <= QUICK_REPLY_MINUTES ? 'Seller usually replies within an hour' : null;
  return { key: 'replyTime', met: 1 / (1 + minutes / 120), reason, order: 2.6 };
}

/** Every quality factor of the car, each 0 to 1. */
export function qualityFactors(
  car: QualityCar,
  market: CarMarket | null,
  context: QualityContext,
): QualityFactor[] {
  return [
    deal(car, market, context),
    mileageForAge(car, context),
    age(car, context),
    budgetCloseness(car, context),
    media(car),
    replyTime(car),
  ];
}

/** The card's pricing insight when the car's market is known. */
export function marketInsight(car: QualityCar, market: CarMarket | null): PricingInsight | null {
  return market ? pricingInsight(car.price, market.marketPrice, market.comparables) : null;
}

import {
  daysOnMarket,
  displayPrice,
  formatAmount,
  replyTimeLabel,
  type PricingInsightsResult,
  type RouteAnswer,
} from '@autoreel/core';

/** A car as the comparison reads it: its detail answer and, when known, its price against similar cars. */
export interface ComparedCar {
  car: RouteAnswer<'GET /cars/:id'>;
  market: PricingInsightsResult | null;
}

/** One line of the comparison: a value per car, whether they differ, and which cars are best on it. */
export interface CompareRow {
  key: string;
  label: string;
  values: string[];
  differs: boolean;
  /** Indexes of the cars best on this line (lowest price or mileage, newest, ...); empty where none is better. */
  best: number[];
}

/** The indexes of the cars with the best (lowest or highest) figure, when the figures are not all alike. */
function bestOf(figures: (number | null)[], better: 'low' | 'high'): number[] {
  const known = figures.filter((figure): figure is number => figure !== null);
  if (known.length < 2 || known.every((figure) => figure === known[0])) return [];
  const target = better === 'low' ? Math.min(...known) : Math.max(...known);
  return figures.flatMap((figure, index) => (figure === target ? [index] : []));
}

function row(key: string, label: string, values: string[], best: number[] = []): CompareRow {
  return { key, label, values, differs: values.some((value) => value !== values[0]), best };
}

/** 'E38,000 under the market', 'At the market price', 'E12,000 over the market', or '–' without enough similar cars. */
function marketText({ car, market }: ComparedCar): string {
  const price = car.price ?? 0;
  if (!market?.marketPrice || !market.marketPosition || price <= 0) return '–';
  const gap = Math.round(market.marketPrice - price);
  const amount = displayPrice({ price: Math.abs(gap), currency: car.currency });
  if (market.marketPosition === 'below') return `${amount} under similar cars`;
  if (market.marketPosition === 'above') return `${amount} over similar cars`;
  return 'About the price of similar cars';
}

const seller = ({ car }: ComparedCar) =>
  (car.sellerType === 'dealer' ? car.dealerName : (car.sellerName ?? car.seller?.name)) ?? '–';

/**
 * The comparison's lines, in the order a buyer weighs them: price and its position against similar cars, age and
 * mileage, the car itself, how long it has been for sale, who sells it and how they answer; then each feature any of
 * the cars has, present or missing.
 */
export function compareRows(
  cars: readonly ComparedCar[],
  now: Date,
): { specs: CompareRow[]; features: CompareRow[] } {
  const prices = cars.map(({ car }) => (car.price && car.price > 0 ? car.price : null));
  const days = cars.map(({ car }) => daysOnMarket(car.createdAt, now));
  const ratings = cars.map(({ car }) => (car.sellerType === 'dealer' ? (car.dealerRating ?? null) : null));
  const replies = cars.map(({ car }) => car.replyTime?.medianMinutes ?? null);
  const specs = [
    row(
      'price',
      'Price',
      cars.map(({ car }) => displayPrice(car)),
      bestOf(prices, 'low'),
    ),
    row('market', 'Against similar cars', cars.map(marketText)),
    row(
      'year',
      'Year',
      cars.map(({ car }) => String(car.year)),
      bestOf(
        cars.map(({ car }) => car.year),
        'high',
      ),
    ),
    row(
      'mileage',
      'Mileage',
      cars.map(({ car }) => `${formatAmount(car.mileage)} km`),
      bestOf(
        cars.map(({ car }) => car.mileage),
        'low',
      ),
    ),
    row(
      'fuel',
      'Fuel',
      cars.map(({ car }) => car.fuelType),
    ),
    row(
      'transmission',
      'Transmission',
      cars.map(({ car }) => car.transmission),
    ),
    row(
      'body',
      'Body',
      cars.map(({ car }) => car.bodyType),
    ),
    row(
      'seats',
      'Seats',
      cars.map(({ car }) => (car.seats ? String(car.seats) : '–')),
    ),
    row(
      'days',
      'For sale',
      days.map((count) => (count === 0 ? 'Listed today' : `${count} ${count === 1 ? 'day' : 'days'}`)),
    ),
    row('seller', 'Seller', cars.map(seller)),
    row(
      'rating',
      'Rating',
      cars.map(({ car }, index) =>
        ratings[index] !== null && (car.dealerReviews ?? 0) > 0
          ? `${ratings[index]!.toFixed(1)} of 5 (${car.dealerReviews} ${car.dealerReviews === 1 ? 'review' : 'reviews'})`
          : 'No reviews yet',
      ),
      bestOf(
        ratings.map((rating, index) => ((cars[index]!.car.dealerReviews ?? 0) > 0 ? rating : null)),
        'high',
      ),
    ),
    row(
      'replies',
      'Replies',
      cars.map(({ car }) => replyTimeLabel(car.replyTime ?? null) ?? 'Not known yet'),
      bestOf(replies, 'low'),
    ),
  ];
  const every = [...new Set(cars.flatMap(({ car }) => car.features))].sort((a, b) => a.localeCompare(b));
  const features = every.map((feature) =>
    row(
      `feature:${feature}`,
      feature,
      cars.map(({ car }) => (car.features.includes(feature) ? 'Yes' : 'No')),
    ),
  );
  return { specs, features };
}

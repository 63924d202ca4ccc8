import { CAR_STATUSES, carTitle } from '@autoreel/core';
import type { Database } from '../db/client.ts';
import { forbidden } from '../errors.ts';
import { CarRepository } from '../repositories/car.repository.ts';
import {
  ACTIVITY_METRICS,
  DealerOverviewRepository,
  type ActivityCounts,
  type DealerActivity,
} from '../repositories/dealer-overview.repository.ts';
import { DealerRepository } from '../repositories/dealer.repository.ts';
import type { AuthUser } from './access-token.service.ts';
import { presentCar } from './car-presenter.ts';
import type { MediaUrlConfig } from './media-url.ts';
import { NOT_A_DEALER_MESSAGE } from './dealer.service.ts';

import type { OverviewPeriod } from '@autoreel/core';
export { OVERVIEW_PERIODS, type OverviewPeriod } from '@autoreel/core';

/** How many cars the per-car chart shows: the busiest ones, so the chart stays readable. */
export const OVERVIEW_TOP_CARS = 10;
/** SPEC 6 dashboard: the most recent cars. */
export const OVERVIEW_RECENT_CARS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

function zeroCounts(): ActivityCounts {
  return { views: 0, likes: 0, comments: 0, contacts: 0, messages: 0 };
}

const totalOf = (counts: ActivityCounts) => ACTIVITY_METRICS.reduce((sum, metric) => sum + counts[metric], 0);

/** Midnight UTC of the first day of the period: 7 days are today and the six before it. */
export function periodStart(now: Date, days: OverviewPeriod): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/** One row per day of the period, oldest first, with zeros where nothing happened. */
function dailySeries(activity: DealerActivity, start: Date, days: number) {
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(start.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const counts = zeroCounts();
    for (const metric of ACTIVITY_METRICS) counts[metric] = activity.byDay[metric].get(date) ?? 0;
    return { date, ...counts };
  });
}

/** Per-car counts, busiest first (ties by car id, so the order is stable). */
function carCounts(activity: DealerActivity): Map<string, ActivityCounts> {
  const byCar = new Map<string, ActivityCounts>();
  for (const metric of ACTIVITY_METRICS) {
    for (const [carId, n] of activity.byCar[metric]) {
      const counts = byCar.get(carId) ?? zeroCounts();
      counts[metric] = n;
      byCar.set(carId, counts);
    }
  }
  return byCar;
}

/**
 * The dealer dashboard's overview (GET /dealers/me/overview): listings by status, views, likes, comments, contacts
 * and messages over the period (per day and for the busiest cars), the newest cars, and what verification still
 * needs. Only the caller's own dealership is ever read; an account without one gets SPEC 6's Access Denied.
 */
export class DealerOverviewService {
  readonly #overview: DealerOverviewRepository;
  readonly #dealers: DealerRepository;
  readonly #cars: CarRepository;
  readonly #config: MediaUrlConfig;
  readonly #now: () => Date;

  constructor(options: {
    overview: DealerOverviewRepository;
    dealers: DealerRepository;
    cars: CarRepository;
    config: MediaUrlConfig;
    now: () => Date;
  }) {
    this.#overview = options.overview;
    this.#dealers = options.dealers;
    this.#cars = options.cars;
    this.#config = options.config;
    this.#now = options.now;
  }

  async get(user: AuthUser, days: OverviewPeriod) {
    // The dealers row, not the token's role, decides (as for /dealers/profile/me).
    const dealer = await this.#dealers.findByUserId(user.id);
    if (!dealer) throw forbidden(NOT_A_DEALER_MESSAGE);
    const now = this.#now();
    const from = periodStart(now, days);

    const byStatus = await this.#overview.listingsByStatus(dealer.id);
    const activity = await this.#overview.activity(dealer.id, dealer.userId, from);
    const perCar = carCounts(activity);
    const busiest = [...perCar.entries()]
      .sort(([idA, a], [idB, b]) => totalOf(b) - totalOf(a) || idA.localeCompare(idB))
      .slice(0, OVERVIEW_TOP_CARS);
    const titles = new Map(
      (
        await this.#overview.carsOf(
          dealer.id,
          busiest.map(([id]) => id),
        )
      ).map((car) => [car.id, car]),
    );
    // Every status: a car sold yesterday is still one of the dealer's newest listings.
    const recent = await this.#cars.list({ dealerId: dealer.id }, 'newest', OVERVIEW_RECENT_CARS, null);

    const totals = zeroCounts();
    for (const counts of perCar.values()) {
      for (const metric of ACTIVITY_METRICS) totals[metric] += counts[metric];
    }
    const listings = Object.fromEntries(CAR_STATUSES.map((status) => [status, byStatus.get(status) ?? 0]));
    return {
      days,
      from: from.toISOString(),
      to: now.toISOString(),
      listings: { total: [...byStatus.values()].reduce((a, b) => a + b, 0), ...listings },
      totals,
      daily: dailySeries(activity, from, days),
      cars: busiest.flatMap(([id, counts]) => {
        const car = titles.get(id);
        if (!car) return [];
        return [{ id, _id: id, title: carTitle(car), status: car.status, ...counts }];
      }),
      recentCars: recent.records.map((record) => presentCar(record.car, record.joins, this.#config)),
      verification: {
        isVerified: dealer.isVerified,
        hasBusinessLicense: Boolean(dealer.businessLicense?.trim()),
      },
    };
  }
}

export function createDealerOverviewService(
  db: Database,
  config: MediaUrlConfig,
  now: () => Date,
): DealerOverviewService {
  return new DealerOverviewService({
    overview: new DealerOverviewRepository(db),
    dealers: new DealerRepository(db),
    cars: new CarRepository(db),
    config,
    now,
  });
}

import { z } from 'zod';
import { CAR_STATUSES } from '../catalogues/car-options.ts';
import { CarSchema, CarStatusSchema } from './car.ts';

/** The five figures the dealer overview follows (GET /dealers/me/overview). */
export const ACTIVITY_METRICS = ['views', 'likes', 'comments', 'contacts', 'messages'] as const;
export type ActivityMetric = (typeof ACTIVITY_METRICS)[number];

/** The periods the overview offers: the last 7 or 30 days, today included. */
export const OVERVIEW_PERIODS = [7, 30] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];

const count = z.number().int().nonnegative();
export const ActivityCountsSchema = z.object(
  Object.fromEntries(ACTIVITY_METRICS.map((metric) => [metric, count])) as Record<
    ActivityMetric,
    typeof count
  >,
);
export type ActivityCounts = z.infer<typeof ActivityCountsSchema>;

/** A car as the dealer's own lists answer it: the stored car plus its poster. */
export const DealerCarSchema = CarSchema.extend({ poster: z.string().nullish() });
export type DealerCar = z.infer<typeof DealerCarSchema>;

/** GET /dealers/me/overview: listings by status, the period's activity in total, by day and by busiest car. */
export const DealerOverviewSchema = z.object({
  days: z.union(OVERVIEW_PERIODS.map((days) => z.literal(days))),
  from: z.string(),
  to: z.string(),
  listings: z.object({
    total: count,
    ...(Object.fromEntries(CAR_STATUSES.map((status) => [status, count])) as Record<
      (typeof CAR_STATUSES)[number],
      typeof count
    >),
  }),
  totals: ActivityCountsSchema,
  daily: z.array(ActivityCountsSchema.extend({ date: z.string() })),
  cars: z.array(ActivityCountsSchema.extend({ id: z.string(), title: z.string(), status: CarStatusSchema })),
  recentCars: z.array(DealerCarSchema),
  verification: z.object({ isVerified: z.boolean(), hasBusinessLicense: z.boolean() }),
});
export type DealerOverview = z.infer<typeof DealerOverviewSchema>;

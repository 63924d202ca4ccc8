import { describe, expect, it } from 'vitest';
import { ACTIVITY_METRICS, DealerOverviewSchema, OVERVIEW_PERIODS } from './dealer-overview.ts';

const counts = { views: 3, likes: 2, comments: 1, contacts: 0, messages: 4 };
const overview = {
  days: 7,
  from: '2026-11-21T00:00:00.000Z',
  to: '2026-11-27T12:00:00.000Z',
  listings: { total: 3, active: 2, sold: 1, reserved: 0 },
  totals: counts,
  daily: [{ date: '2026-11-27', ...counts }],
  cars: [{ id: 'car-1', title: '2021 Toyota Hilux', status: 'active', ...counts }],
  recentCars: [],
  verification: { isVerified: false, hasBusinessLicense: true },
};

describe('DealerOverviewSchema', () => {
  it('reads the overview the API answers, every metric in each row', () => {
    const parsed = DealerOverviewSchema.parse(overview);
    expect(Object.keys(parsed.totals)).toEqual([...ACTIVITY_METRICS]);
    expect(parsed.listings).toEqual({ total: 3, active: 2, sold: 1, reserved: 0 });
  });

  it('takes only the periods the overview offers', () => {
    expect(OVERVIEW_PERIODS).toEqual([7, 30]);
    expect(DealerOverviewSchema.safeParse({ ...overview, days: 14 }).success).toBe(false);
  });

  it('refuses a row that misses a metric', () => {
    const { messages: _dropped, ...fourMetrics } = counts;
    expect(DealerOverviewSchema.safeParse({ ...overview, totals: fourMetrics }).success).toBe(false);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer } from './harness.ts';

/**
 * AI answers say what they are: the few best cars, and how many match in all ('Top 20 of 620 matches'). More cars
 * match than a search ranks (500), so the total is counted by the database with the search's own conditions.
 */
let server: TestServer;
let dealer: TestDealer;
/** Active Mazda CX-5s for sale, a quarter of them diesel; sold ones are listed too and never counted. */
const ACTIVE = 620;
const DIESEL = ACTIVE / 4;

beforeAll(async () => {
  server = await createTestServer({ now: () => new Date('2026-06-01T12:00:00Z') });
  dealer = await createDealer(server);
  await server.ctx.db.execute(sql`
    insert into cars (seller_id, dealer_id, seller_type, make, model, year, mileage, fuel_type, transmission,
                      body_type, condition, description, price, features, exterior_color, seats, status)
    select ${dealer.user.id}, ${dealer.dealerId}, 'dealer', 'Mazda', 'CX-5', 2015 + i % 10, (i % 30) * 5000,
           case when i % 4 = 0 then 'Diesel' else 'Petrol' end, 'Automatic', 'SUV', 'Used',
           'A family SUV with a sunroof', 200000 + (i % 50) * 10000, array['Bluetooth'], 'White', 5,
           case when i > ${ACTIVE} then 'sold' else 'active' end
    from generate_series(1, ${ACTIVE + 40}) as i`);
}, 120_000);
afterAll(() => server.close());

const post = async (url: string, payload: Record<string, unknown>) => {
  const res = await server.call({ method: 'POST', url: `/api/ai/${url}`, payload });
  expect(res.statusCode).toBe(200);
  return res.data.data;
};

describe('how many cars an AI answer stands for', () => {
  it('counts every match of a search past the cars it ranks', async () => {
    const answer = await post('search-natural-language', { query: 'mazda cx-5' });
    expect(answer.cars).toHaveLength(20);
    expect(answer.total).toBe(ACTIVE);
  });

  it('counts the matches of a narrower search among the ranked ones', async () => {
    const answer = await post('search-natural-language', { query: 'diesel mazda cx-5' });
    expect(answer.filters).toMatchObject({ fuelType: 'Diesel' });
    expect(answer.cars).toHaveLength(20);
    expect(answer.total).toBe(DIESEL);
  });

  it('counts the cars any word of an unread search matches', async () => {
    const answer = await post('search-natural-language', { query: 'sunroof' });
    expect(answer.filters).toEqual({ search: 'sunroof' });
    expect(answer.total).toBe(ACTIVE);
  });

  it('answers no total when nothing matches', async () => {
    const answer = await post('search-natural-language', { query: 'electric tesla' });
    expect(answer.cars).toEqual([]);
    expect(answer.total).toBe(0);
  });

  it("names the quiz's total in one sentence, each car's reasons left to its card", async () => {
    const answer = await post('recommendations', { budget: { min: 0, max: 2_000_000 } });
    expect(answer.total).toBeGreaterThan(answer.cars.length);
    expect(answer.reasoning).toBe(
      `Top ${answer.cars.length} of ${answer.total} matches for a budget of E0 to E2,000,000, best first.`,
    );
    for (const result of answer.cars) {
      // The note says only the reasons past the card's two.
      for (const reason of result.reasons.slice(0, 2)) expect(result.lifestyleMatch).not.toContain(reason);
    }
  });
});

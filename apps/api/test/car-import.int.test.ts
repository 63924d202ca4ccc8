import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAR_IMPORT_COLUMNS, CAR_IMPORT_LIMITS, carImportTemplate } from '@autoreel/core';
import { cars } from '../src/db/schema/index.ts';
import { MediaRepository } from '../src/media/media.repository.ts';
import { createDealer, createPrivateSeller, type TestDealer } from './fixtures.ts';
import { createTestServer, type TestServer, type TestUser } from './harness.ts';
import { multipart } from './support/multipart.ts';

/**
 * Issue 30, CSV bulk import: a dealer's 1,000-row file with 10 wrong rows. The dry run lists exactly those rows by
 * line and column and stores nothing; all-or-nothing stores nothing; valid-only creates the 990 others, as the
 * importer's drafts that no buyer sees until each has its video. Only dealers import; files past the limits are 413.
 */
let server: TestServer;
let dealer: TestDealer;
let otherDealer: TestDealer;
let customer: TestUser;
let privateSeller: TestUser;

beforeAll(async () => {
  server = await createTestServer();
  dealer = await createDealer(server, { name: 'Import Motors' });
  otherDealer = await createDealer(server, { name: 'Other Motors' });
  customer = await server.createUser({ role: 'customer' });
  privateSeller = await createPrivateSeller(server);
});
afterAll(() => server.close());

const HEADER = CAR_IMPORT_COLUMNS.join(',');
/** The lines (the header is line 1) made wrong, and how. */
const BAD: Record<number, { column: string; row: (n: number) => string }> = {};
const good = (n: number) =>
  `Toyota,Corolla ${n},2019,${150_000 + n},${40_000 + n},Petrol,Automatic,Sedan,Used,White,Grey,5,"Clean Corolla number ${n}, one owner, full service history.",Bluetooth; Air Conditioning`;
const wrong: { column: string; row: (n: number) => string }[] = [
  { column: 'make', row: (n) => good(n).replace(/^Toyota/, '') },
  { column: 'year', row: (n) => good(n).replace(',2019,', ',1850,') },
  { column: 'mileage', row: (n) => good(n).replace(`,${40_000 + n},`, ',-5,') },
  { column: 'fuelType', row: (n) => good(n).replace(',Petrol,', ',Steam,') },
  { column: 'description', row: (n) => good(n).replace(/"Clean[^"]*"/, 'Short') },
];
for (let i = 0; i < 10; i += 1) BAD[2 + i * 97] = wrong[i % wrong.length]!;

function csvOf(rows: number): string {
  const lines = [HEADER];
  for (let n = 1; n <= rows; n += 1) {
    const line = n + 1;
    lines.push(BAD[line] ? BAD[line].row(n) : good(n));
  }
  return `${lines.join('\n')}\n`;
}

const importCsv = (user: TestUser, csv: string | Buffer, query: string) => {
  const body = multipart([
    { name: 'file', filename: 'stock.csv', contentType: 'text/csv', content: Buffer.from(csv) },
  ]);
  return server.call({
    method: 'POST',
    url: `/api/cars/import?${query}`,
    payload: body.payload,
    headers: body.headers,
    user,
  });
};

const carsOf = async (sellerId: string) =>
  server.ctx.db.select({ id: cars.id, status: cars.status }).from(cars).where(eq(cars.sellerId, sellerId));

describe('POST /cars/import', () => {
  it('dry run: lists exactly the 10 wrong rows by line and column with the listing’s messages, stores nothing', async () => {
    const res = await importCsv(dealer.user, csvOf(1_000), 'dryRun=true');
    expect(res.statusCode).toBe(200);
    const answer = res.data.data;
    expect(answer).toMatchObject({ dryRun: true, rows: 1_000, valid: 990, created: 0, carIds: [] });
    expect(answer.errors.map((e: { line: number; column: string }) => [e.line, e.column])).toEqual(
      Object.entries(BAD).map(([line, bad]) => [Number(line), bad.column]),
    );
    const messages = new Map(
      answer.errors.map((e: { column: string; message: string }) => [e.column, e.message]),
    );
    expect(messages.get('make')).toBe('Make is required');
    expect(messages.get('description')).toBe(
      'Description must be at least 20 characters long for a quality listing',
    );
    expect(await carsOf(dealer.user.id)).toEqual([]);
  });

  it('all-or-nothing with a wrong row creates nothing', async () => {
    const res = await importCsv(dealer.user, csvOf(1_000), 'dryRun=false&mode=all');
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ dryRun: false, mode: 'all', valid: 990, created: 0 });
    expect(res.data.data.errors).toHaveLength(10);
    expect(await carsOf(dealer.user.id)).toEqual([]);
  });

  it('valid-only creates the 990 others as the importer’s drafts, which no buyer sees', async () => {
    // A buyer's instant search for Corollas: told of a car once it goes live, not of drafts.
    const watcher = await server.createUser({ name: 'Corolla Watcher' });
    await server.call({
      method: 'POST',
      url: '/api/saved-searches',
      user: watcher,
      payload: { name: 'Corollas', filters: { make: 'Toyota' }, alert: 'instant' },
    });
    const matchesOf = async () => {
      await server.ctx.carAlerts.catchUp();
      const page = await server.call({ method: 'GET', url: '/api/notifications?limit=50', user: watcher });
      return (page.data.data.notifications as { kind: string; link: string }[]).filter(
        (n) => n.kind === 'saved_search_match',
      );
    };
    const res = await importCsv(dealer.user, csvOf(1_000), 'dryRun=false&mode=valid');
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ created: 990, valid: 990 });
    const mine = await carsOf(dealer.user.id);
    expect(mine).toHaveLength(990);
    expect(new Set(mine.map((car) => car.status))).toEqual(new Set(['draft']));
    const [row] = await server.ctx.db
      .select()
      .from(cars)
      .where(and(eq(cars.sellerId, dealer.user.id), eq(cars.model, 'Corolla 2')));
    expect(row).toMatchObject({
      make: 'Toyota',
      year: 2019,
      price: 150_002,
      dealerId: dealer.dealerId,
      sellerType: 'dealer',
      features: ['Bluetooth', 'Air Conditioning'],
    });
    // The importer's inventory lists them; the catalogue, a search and another dealer's inventory do not.
    const inventory = await server.call({
      method: 'GET',
      url: '/api/cars/mine?status=draft&limit=100',
      user: dealer.user,
    });
    expect(inventory.data.data.total).toBe(990);
    const publicList = await server.call({ method: 'GET', url: '/api/cars?search=Corolla&limit=100' });
    expect(publicList.data.data.cars).toEqual([]);
    expect((await server.call({ method: 'GET', url: `/api/cars/${row!.id}` })).statusCode).toBe(404);
    const others = await server.call({
      method: 'GET',
      url: '/api/cars/mine?limit=100',
      user: otherDealer.user,
    });
    expect(others.data.data.cars).toEqual([]);
    expect(await matchesOf()).toEqual([]);

    // A draft goes live once its video is ready.
    await new MediaRepository(server.ctx.db).completeCarVideo(
      row!.id,
      `cars/${row!.id}/walk.mp4`,
      `cars/${row!.id}/walk.prepared.mp4`,
      `cars/${row!.id}/poster.jpg`,
    );
    expect((await server.call({ method: 'GET', url: `/api/cars/${row!.id}` })).statusCode).toBe(200);
    // Only the car that went live is a new match.
    expect((await matchesOf()).map((n) => n.link)).toEqual([`/cars/${row!.id}`]);
  });

  it('is refused to a customer and a private seller (403), before anything is stored', async () => {
    for (const user of [customer, privateSeller]) {
      const res = await importCsv(user, carImportTemplate(), 'dryRun=false&mode=valid');
      expect(res.statusCode).toBe(403);
      expect(await carsOf(user.id)).toEqual([]);
    }
    const signedOut = await server.call({ method: 'POST', url: '/api/cars/import?dryRun=true' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('imports the template it offers', async () => {
    const res = await importCsv(otherDealer.user, carImportTemplate(), 'dryRun=true');
    expect(res.data.data).toMatchObject({ rows: 1, valid: 1, errors: [] });
  });

  it(`refuses more than ${CAR_IMPORT_LIMITS.rows} rows and more than 5 MB with 413 naming the limit`, async () => {
    const many = await importCsv(dealer.user, csvOf(CAR_IMPORT_LIMITS.rows + 1), 'dryRun=true');
    expect(many.statusCode).toBe(413);
    expect(many.data.error).toContain('at most 5,000 cars');
    const padding = `,${'x'.repeat(1000)}`;
    const big = `${HEADER}\n${Array.from({ length: 5_300 }, (_, n) => good(n) + padding).join('\n')}\n`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(CAR_IMPORT_LIMITS.bytes);
    const large = await importCsv(dealer.user, big, 'dryRun=true');
    expect(large.statusCode).toBe(413);
    expect(large.data.error).toContain('at most 5 MB');
  });

  it('refuses a file that is not a CSV of cars (400) and a body that is not multipart (415)', async () => {
    const headless = await importCsv(dealer.user, 'just some words\nand more', 'dryRun=true');
    expect(headless.statusCode).toBe(400);
    const json = await server.call({
      method: 'POST',
      url: '/api/cars/import?dryRun=true',
      payload: { make: 'Toyota' },
      user: dealer.user,
    });
    expect(json.statusCode).toBe(415);
    expect(Number((await server.ctx.db.execute(sql`select 1 as one`)) ? 1 : 0)).toBe(1);
  });
});

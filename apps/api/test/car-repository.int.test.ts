import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerApplications } from '../src/db/schema/index.ts';
import { CarRepository } from '../src/cars/car.repository.ts';
import { presentCar } from '../src/cars/car.presenter.ts';
import { createDealer, createPrivateSeller, insertCar } from './fixtures.ts';
import { createTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('CarRepository reads', () => {
  it('loads cars with seller, dealer and private-seller location, in the order asked, skipping unknown ids', async () => {
    const dealer = await createDealer(server, { name: 'Hub Motors', location: 'Manzini' });
    const seller = await createPrivateSeller(server, 'Thandi');
    await server.ctx.db
      .insert(dealerApplications)
      .values({ userId: seller.id, businessType: 'private', location: 'Piggs Peak', status: 'approved' });
    const dealerCar = await insertCar(server, {
      sellerId: dealer.user.id,
      dealerId: dealer.dealerId,
      make: 'BMW',
    });
    const privateCar = await insertCar(server, { sellerId: seller.id, make: 'Audi' });
    const repo = new CarRepository(server.ctx.db);

    const records = await repo.findManyByIds([privateCar, crypto.randomUUID(), dealerCar]);
    expect(records.map((r) => r.car.id)).toEqual([privateCar, dealerCar]);
    const [priv, deal] = records.map((r) => presentCar(r.car, r.joins, server.config));
    expect(priv).toMatchObject({
      make: 'Audi',
      isPrivateSeller: true,
      sellerName: 'Thandi',
      sellerLocation: 'Piggs Peak',
    });
    expect(deal).toMatchObject({
      make: 'BMW',
      dealerName: 'Hub Motors',
      dealerLocation: 'Manzini',
      dealerId: dealer.dealerId,
      sellerId: dealer.user.id,
    });
    expect(await repo.findById(crypto.randomUUID())).toBeNull();
    expect((await repo.findById(dealerCar))?.joins.dealer?.name).toBe('Hub Motors');
    expect(await repo.findManyByIds([])).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { CarRepository, type CarInsert } from '../src/cars/car.repository.ts';
import { DealerRepository } from '../src/dealers/dealer.repository.ts';
import type { TestServer, TestUser } from './harness.ts';

export interface TestDealer {
  user: TestUser;
  dealerId: string;
}

/** An approved dealer: an account with role dealer and its dealers row, as approval leaves them. */
export async function createDealer(
  server: TestServer,
  options: { name?: string; location?: string; phone?: string } = {},
): Promise<TestDealer> {
  const user = await server.createUser({ role: 'dealer', name: `${options.name ?? 'Test Motors'} owner` });
  const dealer = await new DealerRepository(server.ctx.db).insertDealer({
    userId: user.id,
    name: options.name ?? 'Test Motors',
    location: options.location ?? 'Mbabane, Eswatini',
    phone: options.phone ?? user.phone,
    isVerified: true,
  });
  return { user, dealerId: dealer.id };
}

/** A customer account registered as a private seller. */
export async function createPrivateSeller(server: TestServer, name = 'Private Person'): Promise<TestUser> {
  const user = await server.createUser({ role: 'customer', name });
  await server.ctx.db.update(users).set({ isPrivateSeller: true }).where(eq(users.id, user.id));
  return user;
}

/** A valid POST /cars body; tests spread it and override what they assert on. */
export const validCar = {
  make: 'Toyota',
  model: 'Hilux',
  year: 2021,
  price: 450000,
  mileage: 42000,
  fuelType: 'Diesel',
  transmission: 'Manual',
  bodyType: 'Truck',
  exteriorColor: 'White',
  interiorColor: 'Black',
  condition: 'Used',
  description: 'Strong and reliable double cab.',
  features: ['Bluetooth', 'Tow bar'],
};

/** Listing fields for a car; tests override what they assert on. */
export function carValues(overrides: Partial<CarInsert> & { sellerId: string }): CarInsert {
  return {
    sellerType: overrides.dealerId ? 'dealer' : 'private',
    make: 'Toyota',
    model: 'Corolla',
    year: 2020,
    mileage: 50_000,
    fuelType: 'Petrol',
    transmission: 'Automatic',
    bodyType: 'Sedan',
    condition: 'Used',
    description: 'A well kept car with full service history.',
    price: 250_000,
    ...overrides,
  };
}

/** Inserts a car straight into the database for a dealer (or private seller when no dealerId is given). */
export async function insertCar(
  server: TestServer,
  overrides: Partial<CarInsert> & { sellerId: string },
): Promise<string> {
  return new CarRepository(server.ctx.db).insert(carValues(overrides));
}

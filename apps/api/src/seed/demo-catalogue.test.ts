import {
  BODY_TYPES,
  CAR_MAKES,
  CONDITIONS,
  FUEL_TYPES,
  TRANSMISSIONS,
  modelTableProblems,
  typicalSeats,
  type BodyType,
} from '@autoreel/core';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildDemoCatalogue, DEMO_ACCOUNTS } from './demo-catalogue.ts';
import { exteriorSvg, interiorSvg } from './demo-photos.ts';
import { Prng } from './prng.ts';

const now = new Date('2026-11-22T00:00:00Z');

describe('buildDemoCatalogue', () => {
  const catalogue = buildDemoCatalogue('hash', now);

  it('is deterministic, ids included', () => {
    expect(buildDemoCatalogue('hash', now)).toEqual(catalogue);
    expect(buildDemoCatalogue('hash', now, 7).cars[0]!.id).not.toBe(catalogue.cars[0]!.id);
  });

  it('covers every option of SPEC 9 within the documented ranges', () => {
    const values = (key: 'make' | 'bodyType' | 'fuelType' | 'transmission' | 'condition') =>
      new Set(catalogue.cars.map((car) => car[key]));
    expect(catalogue.cars.length).toBeGreaterThanOrEqual(500);
    // API-CONTRACT: prices from about E80,000 to E3,500,000.
    const prices = catalogue.cars.map((car) => car.price ?? 0);
    expect(Math.min(...prices)).toBeLessThanOrEqual(85_000);
    expect(Math.max(...prices)).toBeGreaterThanOrEqual(3_400_000);
    expect(values('make')).toEqual(new Set(CAR_MAKES.map((m) => m.name)));
    expect(values('bodyType')).toEqual(new Set(BODY_TYPES));
    expect(values('fuelType')).toEqual(new Set(FUEL_TYPES));
    expect(values('transmission')).toEqual(new Set(TRANSMISSIONS));
    expect(values('condition')).toEqual(new Set(CONDITIONS));
    for (const car of catalogue.cars) {
      expect(car.year).toBeGreaterThanOrEqual(2008);
      expect(car.year).toBeLessThanOrEqual(2026);
      expect(car.price).toBeGreaterThanOrEqual(80_000);
      expect(car.price).toBeLessThanOrEqual(3_500_000);
      expect(car.mileage).toBeLessThanOrEqual(250_000);
      if (car.condition === 'New') expect(car.mileage).toBeLessThan(100);
      if (car.make === 'Tesla') expect(car.fuelType).toBe('Electric');
      if (car.fuelType === 'Electric') expect(car.transmission).toBe('Automatic');
    }
  });

  it("gives every car its model's seats, so 'family of six' finds the seven-seaters", () => {
    for (const car of catalogue.cars) {
      expect(car.seats, `${car.make} ${car.model}`).toBe(
        typicalSeats(car.make, car.model, car.bodyType as BodyType),
      );
    }
    const sevenPlus = catalogue.cars.filter((car) => (car.seats ?? 0) >= 7);
    expect(sevenPlus.length).toBeGreaterThan(10);
    expect(new Set(sevenPlus.map((car) => car.bodyType))).toEqual(new Set(['SUV']));
  });

  it('has the demo accounts, 12 dealers and 3 private sellers', () => {
    const phones = new Set(catalogue.users.map((u) => u.phone));
    expect(phones.size).toBe(catalogue.users.length);
    for (const account of Object.values(DEMO_ACCOUNTS)) expect(phones.has(account.phone)).toBe(true);
    expect(catalogue.dealers).toHaveLength(12);
    expect(catalogue.users.filter((u) => u.isPrivateSeller)).toHaveLength(3);
    const demoDealer = catalogue.users.find((u) => u.phone === DEMO_ACCOUNTS.dealer.phone)!;
    expect(catalogue.dealers[0]!.userId).toBe(demoDealer.id);
  });
});

describe('Prng', () => {
  it('repeats its sequence for a seed and draws UUIDs of version 4 shape', () => {
    const a = new Prng(1);
    const b = new Prng(1);
    expect([a.next(), a.int(1, 6), a.uuid()]).toEqual([b.next(), b.int(1, 6), b.uuid()]);
    expect(new Prng(2).uuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('demo photos', () => {
  it('draws every view of every body type, each a picture of its own', async () => {
    const sizes = new Set<string>();
    const drawings = new Set<string>();
    for (const bodyType of BODY_TYPES) {
      for (const view of ['front', 'side', 'rear'] as const)
        drawings.add(exteriorSvg(view, bodyType, '#B71C1C'));
    }
    drawings.add(interiorSvg('interior', '#B8875A'));
    drawings.add(interiorSvg('dashboard', '#B8875A'));
    expect(drawings.size).toBe(BODY_TYPES.length * 3 + 2);
    for (const svg of drawings) {
      const meta = await sharp(Buffer.from(svg)).metadata();
      sizes.add(`${meta.width}x${meta.height}`);
    }
    expect([...sizes]).toEqual(['800x500']);
    expect(exteriorSvg('side', 'SUV', '#1E4FA3')).not.toBe(exteriorSvg('side', 'SUV', '#B71C1C'));
  });
});

describe('the demo cars against the model table', () => {
  it('are all cars that exist, priced within their model band for age, mileage and condition', () => {
    const catalogue = buildDemoCatalogue('hash', now);
    const problems = catalogue.cars.flatMap((car) =>
      modelTableProblems(
        {
          make: car.make,
          model: car.model,
          bodyType: car.bodyType,
          seats: car.seats,
          fuelType: car.fuelType,
          transmission: car.transmission,
          year: car.year,
          mileage: car.mileage,
          condition: car.condition,
          market: car.countryCode === 'ZA' ? 'ZA' : 'SZ',
          price: car.price ?? 0,
        },
        now.getUTCFullYear(),
      ),
    );
    expect(problems).toEqual([]);
  });
});

describe('the demo audience', () => {
  const catalogue = buildDemoCatalogue('hash', now);
  const perCar = (rows: readonly { carId: string }[]) => {
    const counts = new Map(catalogue.cars.map((car) => [car.id, 0]));
    for (const row of rows) counts.set(row.carId, (counts.get(row.carId) ?? 0) + 1);
    return [...counts.values()].sort((a, b) => b - a);
  };

  it('likes a few cars a lot and most a little, like a real catalogue', () => {
    const likes = perCar(catalogue.likes);
    expect(likes[0]).toBeGreaterThanOrEqual(80);
    expect(likes[Math.floor(likes.length / 2)]).toBeLessThanOrEqual(5);
    // The top tenth of the cars holds at least half of the likes.
    const top = likes.slice(0, Math.ceil(likes.length / 10)).reduce((a, b) => a + b, 0);
    expect(top / likes.reduce((a, b) => a + b, 0)).toBeGreaterThan(0.5);
    expect(new Set(catalogue.likes.map((l) => `${l.userId}|${l.carId}`)).size).toBe(catalogue.likes.length);
    const views = perCar(catalogue.views);
    expect(views[0]).toBeGreaterThan(likes[0]!);
    expect(catalogue.shares.length).toBeGreaterThan(0);
    for (const row of [...catalogue.likes, ...catalogue.views, ...catalogue.comments]) {
      const car = catalogue.cars.find((c) => c.id === row.carId)!;
      expect(row.createdAt!.getTime()).toBeGreaterThanOrEqual((car.createdAt as Date).getTime() - 3_600_000);
    }
  });

  it('has comments that fit their car, and sellers who answer them', () => {
    const replies = catalogue.comments.filter((c) => c.parentId);
    expect(replies.length).toBeGreaterThan(10);
    for (const reply of replies) {
      const car = catalogue.cars.find((c) => c.id === reply.carId)!;
      expect(reply.userId).toBe(car.sellerId);
      expect(catalogue.comments.find((c) => c.id === reply.parentId)!.carId).toBe(car.id);
    }
    const mentions = catalogue.comments.filter((c) => {
      const car = catalogue.cars.find((x) => x.id === c.carId)!;
      return c.comment.includes(car.model) || c.comment.includes(car.make);
    });
    expect(mentions.length / catalogue.comments.length).toBeGreaterThan(0.3);
    expect(new Set(catalogue.comments.map((c) => c.comment)).size).toBeGreaterThan(40);
  });
});

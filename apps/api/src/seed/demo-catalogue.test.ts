import { BODY_TYPES, CAR_MAKES, CONDITIONS, FUEL_TYPES, TRANSMISSIONS } from '@autoreel/core';
import { describe, expect, it } from 'vitest';
import { buildDemoCatalogue, DEMO_ACCOUNTS } from './demo-catalogue.ts';
import { buildPosterSheetArgs, posterCommands } from './demo-media.ts';
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

describe('poster sheet', () => {
  it('strips characters that would break the sendcmd script or the filter syntax', () => {
    const script = posterCommands([
      { make: "O'Brien; Motors", model: 'X:5, %{n}', year: 2020, hex: '#112233' },
    ]);
    expect(script).toBe(
      "0.0 drawtext@make reinit text='O Brien  Motors', drawtext@model reinit text='X 5    n', " +
        "drawtext@year reinit text='2020', drawtext@brand reinit text='AutoReel demo';",
    );
  });

  it('renders one colour per run, one frame per card', () => {
    const args = buildPosterSheetArgs('#112233', '/tmp/cmd', 7, '/tmp/p-%04d.jpg', undefined);
    expect(args[args.indexOf('-filter_complex') + 1]).toMatch(/^color=c=0x112233:s=720x1280:r=1:d=7,drawbox/);
    expect(args[args.indexOf('-frames:v') + 1]).toBe('7');
  });
});

import { describe, expect, it } from 'vitest';
import { CAR_MAKES } from './makes.ts';
import {
  MODEL_TABLE,
  modelSpec,
  modelTableProblems,
  priceBand,
  priceSlip,
  type ListedCar,
} from './model-table.ts';

describe('the model table', () => {
  it('has exactly the catalogue models, each with a sane entry', () => {
    const catalogue = CAR_MAKES.flatMap((make) => make.models.map((model) => `${make.name}|${model.name}`));
    expect(MODEL_TABLE.map((entry) => `${entry.make}|${entry.model}`).sort()).toEqual(catalogue.sort());
    for (const entry of MODEL_TABLE) {
      expect(entry.fuels.length, entry.model).toBeGreaterThan(0);
      expect(entry.transmissions.length, entry.model).toBeGreaterThan(0);
      expect(entry.fromYear).toBeLessThanOrEqual(entry.toYear ?? 2100);
      for (const market of ['SZ', 'ZA'] as const) {
        const [low, high] = entry.newPrice[market];
        expect(low, `${entry.make} ${entry.model}`).toBeLessThanOrEqual(high);
        expect(low).toBeGreaterThanOrEqual(150_000);
        expect(high).toBeLessThanOrEqual(3_500_000);
      }
      expect(entry.newPrice.SZ[0]).toBeGreaterThanOrEqual(entry.newPrice.ZA[0]);
    }
  });

  it('knows what was never sold here', () => {
    expect(modelSpec('Hyundai', 'i20')!.fuels).toEqual(['Petrol']);
    expect(modelSpec('Hyundai', 'i20 N')!.fuels).toEqual(['Petrol']);
    expect(modelSpec('Volkswagen', 'Polo')!.fuels).not.toContain('Electric');
    expect(modelSpec('Suzuki', 'Celerio')!.fuels).toEqual(['Petrol']);
    expect(modelSpec('Kia', 'Rio')!.fuels).toEqual(['Petrol']);
    expect(modelSpec('Tesla', 'Model 3')!.transmissions).toEqual(['Automatic']);
    expect(modelSpec('Isuzu', 'D-Max Single Cab')!.seats).toBe(2);
    // A Palisade is dearer new than a Tiggo 8 Pro Max.
    expect(modelSpec('Hyundai', 'Palisade')!.newPrice.SZ[0]).toBeGreaterThan(
      modelSpec('Chery', 'Tiggo 8 Pro Max')!.newPrice.SZ[1],
    );
  });

  const polo: ListedCar = {
    make: 'Volkswagen',
    model: 'Polo',
    bodyType: 'Hatchback',
    seats: 5,
    fuelType: 'Petrol',
    transmission: 'Manual',
    year: 2019,
    mileage: 95_000,
    condition: 'Used',
    market: 'SZ',
    price: 0,
  };

  it('prices a used car from its new price by age and mileage, and says what is wrong', () => {
    const [low, high] = priceBand(modelSpec('Volkswagen', 'Polo')!, polo, 2026);
    expect(low).toBeGreaterThan(80_000);
    expect(high).toBeLessThan(300_000);
    expect(modelTableProblems({ ...polo, price: Math.round((low + high) / 2) }, 2026)).toEqual([]);
    const tired = priceBand(modelSpec('Volkswagen', 'Polo')!, { ...polo, mileage: 220_000 }, 2026);
    expect(tired[1]).toBeLessThan(high);

    const problems = (change: Partial<ListedCar>) =>
      modelTableProblems({ ...polo, price: Math.round((low + high) / 2), ...change }, 2026);
    expect(problems({ fuelType: 'Electric' })).toEqual([expect.stringMatching(/never sold as Electric/)]);
    expect(problems({ model: 'Polo EV' })).toEqual([expect.stringMatching(/not in the model table/)]);
    expect(problems({ bodyType: 'Sedan' })[0]).toMatch(/body Sedan/);
    expect(problems({ seats: 7 })[0]).toMatch(/7 seats/);
    expect(problems({ year: 2007 }).join()).toMatch(/not sold that year/);
    expect(problems({ price: high * 2 })[0]).toMatch(/outside/);
    expect(problems({ price: Math.round(low / 2) })[0]).toMatch(/outside/);
    expect(problems({ condition: 'New' }).join()).toMatch(/not sold new any more/);
  });
});

describe('priceSlip', () => {
  const hilux = { make: 'Toyota', model: 'Hilux', year: 2020 };

  it('reads a price far below the model as thousands typed as units', () => {
    expect(priceSlip({ ...hilux, price: 12 }, 2026)).toBe(12_000);
    expect(priceSlip({ ...hilux, price: 385 }, 2026)).toBe(385_000);
  });

  it('leaves a plausible price, an empty one and an unknown model alone', () => {
    expect(priceSlip({ ...hilux, price: 385_000 }, 2026)).toBeNull();
    // A cheap deal is the seller's business: only a figure a hundred times too low is asked about.
    expect(priceSlip({ ...hilux, price: 90_000 }, 2026)).toBeNull();
    expect(priceSlip({ ...hilux, price: 0 }, 2026)).toBeNull();
    expect(priceSlip({ make: 'Toyota', model: 'Not A Model', year: 2020, price: 12 }, 2026)).toBeNull();
  });

  it('asks about every model of the table at a price of 1, whatever its year', () => {
    for (const entry of MODEL_TABLE) {
      const car = { make: entry.make, model: entry.model, year: entry.fromYear, price: 1 };
      expect(priceSlip(car, 2026), `${entry.make} ${entry.model}`).toBe(1_000);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { CAR_MAKES } from './makes.ts';
import { MAX_SEATS, MIN_SEATS, MODEL_SEATS, SEATS_BY_BODY, typicalSeats } from './seats.ts';

describe('typicalSeats', () => {
  it('knows the seven-seaters of the catalogue by model', () => {
    expect(typicalSeats('Toyota', 'Fortuner', 'SUV')).toBe(7);
    expect(typicalSeats('toyota', 'land cruiser prado', 'SUV')).toBe(7);
    expect(typicalSeats('Hyundai', 'Palisade', 'SUV')).toBe(8);
  });

  it('falls back to the body type for other models and unknown makes', () => {
    expect(typicalSeats('Toyota', 'Corolla', 'Sedan')).toBe(5);
    expect(typicalSeats('Toyota', 'RAV4', 'SUV')).toBe(5);
    expect(typicalSeats('Porsche', '911', 'Coupe')).toBe(4);
    expect(typicalSeats('Unknown', 'Thing', 'Convertible')).toBe(SEATS_BY_BODY.Convertible);
  });

  it('names only makes and models the catalogue has, within the seat limits', () => {
    for (const [make, models] of Object.entries(MODEL_SEATS)) {
      const known = CAR_MAKES.find((entry) => entry.name === make);
      expect(known, make).toBeDefined();
      for (const [model, seats] of Object.entries(models)) {
        expect(
          known!.models.some((entry) => entry.name === model),
          `${make} ${model}`,
        ).toBe(true);
        expect(seats).toBeGreaterThanOrEqual(MIN_SEATS);
        expect(seats).toBeLessThanOrEqual(MAX_SEATS);
      }
    }
  });
});

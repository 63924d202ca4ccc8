import { SELECTABLE_FEATURES } from '@autoreel/core';
import { describe, expect, it } from 'vitest';
import {
  contradictionOf,
  enhanceDescription,
  suggestFeatures,
  tidyText,
  writeDescription,
  writeListing,
  type ListingSpecs,
} from './listing-writer.ts';

const hilux: ListingSpecs = {
  make: 'Toyota',
  model: 'Hilux',
  year: 2019,
  mileage: 85_000,
  condition: 'Used',
  color: 'White',
  fuelType: 'Diesel',
  transmission: 'Manual',
  bodyType: 'Truck',
};

const everyBody = ['Sedan', 'SUV', 'Hatchback', 'Coupe', 'Convertible', 'Wagon', 'Truck'] as const;
const everyFuel = ['Petrol', 'Diesel', 'Electric', 'Hybrid'] as const;

describe('generated listing', () => {
  it('answers the same for the same specs', () => {
    expect(writeListing(hilux)).toEqual(writeListing({ ...hilux }));
  });

  it('mentions the real specs', () => {
    const text = writeDescription(hilux);
    expect(text.length).toBeGreaterThanOrEqual(20);
    for (const fact of ['2019 Toyota Hilux', 'used', 'White', 'diesel', 'manual', '85,000 km', 'bakkie']) {
      expect(text).toContain(fact);
    }
  });

  it('invents no history, owners, accidents or extras', () => {
    for (const bodyType of everyBody) {
      for (const fuelType of everyFuel) {
        for (const condition of ['New', 'Used', 'Certified Pre-Owned'] as const) {
          const text = writeDescription({ ...hilux, bodyType, fuelType, condition }).toLowerCase();
          expect(text).not.toMatch(
            /service (history|book)|owner|accident|warranty|engine size|litre|\d\.\d ?l\b|sunroof|leather/,
          );
        }
      }
    }
  });

  it('writes the article a person would: a used, a brand-new, a certified pre-owned car', () => {
    for (const condition of ['Used', 'New', 'Certified Pre-Owned'] as const) {
      expect(writeDescription({ ...hilux, condition })).not.toMatch(/\ban (used|brand|certified)/);
    }
    expect(writeDescription({ ...hilux, condition: 'Used' })).toMatch(/\ba used\b/);
  });

  it('leaves mileage out when it is not given and says so when it is zero', () => {
    expect(writeDescription({ ...hilux, mileage: undefined })).not.toMatch(/km/);
    expect(writeDescription({ ...hilux, condition: 'New', mileage: 0 })).toContain('has not been driven yet');
  });

  it('suggests 5 to 8 catalogue features that fit the car', () => {
    const catalogue = new Set(SELECTABLE_FEATURES);
    for (const bodyType of everyBody) {
      for (const fuelType of everyFuel) {
        for (const year of [1995, 2012, 2024]) {
          const features = suggestFeatures({ ...hilux, bodyType, fuelType, year });
          expect(features.length).toBeGreaterThanOrEqual(5);
          expect(features.length).toBeLessThanOrEqual(8);
          expect(new Set(features).size).toBe(features.length);
          for (const feature of features) expect(catalogue.has(feature)).toBe(true);
        }
      }
    }
    expect(suggestFeatures({ ...hilux, year: 2005 })).not.toContain('Apple CarPlay');
    expect(suggestFeatures(hilux)).toContain('Tow Bar');
  });
});

describe('the specs it is given', () => {
  it('writes every body type, fuel and gearbox as given, and never contradicts them', () => {
    for (const bodyType of everyBody)
      for (const fuelType of everyFuel)
        for (const transmission of ['Automatic', 'Manual'] as const) {
          const specs = { ...hilux, bodyType, fuelType, transmission };
          expect(contradictionOf(writeDescription(specs), specs)).toBeUndefined();
        }
    // A 2021 Hilux listed as a bakkie is not 'a comfortable sedan'.
    const text = writeDescription({ ...hilux, year: 2021 });
    expect(text).not.toMatch(/sedan|comfortable/i);
    expect(text).toMatch(/bakkie/);
  });

  it('names what contradicts the specs', () => {
    expect(contradictionOf('A comfortable sedan for daily driving.', hilux)).toBe(
      "body type 'sedan' for a Truck",
    );
    expect(contradictionOf('A frugal petrol engine.', hilux)).toBe("fuel 'petrol' for Diesel");
    expect(contradictionOf('Smooth automatic gearbox.', hilux)).toBe("'automatic gearbox' for Manual");
    // Its own words, and 'electric' of windows and seats, are fine.
    expect(contradictionOf('A tough pickup truck with electric windows.', hilux)).toBeUndefined();
  });
});

describe('description enhancement', () => {
  it('tidies spacing, capitals and punctuation without dropping words', () => {
    expect(tidyText('  very   clean car ,one owner  since new.. i love it  ')).toBe(
      'Very clean car, one owner since new. I love it.',
    );
  });

  it('keeps every fact and appends the specs it does not mention', () => {
    const original = 'great condition toyota,  new tyres fitted last month';
    const enhanced = enhanceDescription(original, { ...hilux, features: ['Tow Bar'] });
    expect(enhanced).toBe(
      'Great condition toyota, new tyres fitted last month. Key details: 2019 Hilux, used, White, Truck, diesel, manual transmission, 85,000 km. Features: Tow Bar.',
    );
    for (const word of ['condition', 'toyota', 'new tyres fitted last month'])
      expect(enhanced).toContain(word);
  });

  it('adds nothing when the description already says it all, and is deterministic', () => {
    const complete = 'A used white 2019 Toyota Hilux truck, diesel, manual, 85 000 km.';
    expect(enhanceDescription(complete, hilux)).toBe(complete);
    expect(enhanceDescription('nice car', hilux)).toBe(enhanceDescription('nice car', hilux));
  });
});

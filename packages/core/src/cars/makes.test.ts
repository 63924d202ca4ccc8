import { describe, expect, it } from 'vitest';
import { BODY_TYPES } from './car-options.ts';
import {
  CAR_MAKES,
  FILTER_PANEL_MAKES,
  MAKE_NAMES,
  POPULAR_MAKES,
  POPULAR_MAKE_COUNT,
  findMake,
  isModelOf,
  modelNamesFor,
  typicalBodyType,
} from './makes.ts';

describe('CAR_MAKES', () => {
  it('has exactly 31 unique makes', () => {
    expect(CAR_MAKES).toHaveLength(31);
    expect(new Set(MAKE_NAMES).size).toBe(31);
  });

  it('starts with the 12 filter panel makes in order, which are the popular brands', () => {
    expect(FILTER_PANEL_MAKES).toEqual([
      'BMW',
      'Mercedes-Benz',
      'Audi',
      'Tesla',
      'Porsche',
      'Range Rover',
      'Lexus',
      'Jaguar',
      'Volvo',
      'Cadillac',
      'Toyota',
      'Honda',
    ]);
    expect(POPULAR_MAKE_COUNT).toBe(12);
    expect(POPULAR_MAKES).toEqual([...FILTER_PANEL_MAKES]);
  });

  it('includes the common Southern African makes', () => {
    for (const make of [
      'Volkswagen',
      'Ford',
      'Nissan',
      'Hyundai',
      'Kia',
      'Isuzu',
      'Suzuki',
      'Haval',
      'Chery',
    ]) {
      expect(MAKE_NAMES).toContain(make);
    }
  });

  it('gives every make at least 4 unique models with a known body type', () => {
    for (const make of CAR_MAKES) {
      expect(make.models.length, make.name).toBeGreaterThanOrEqual(4);
      const names = make.models.map((model) => model.name.toLowerCase());
      expect(new Set(names).size, make.name).toBe(names.length);
      for (const model of make.models) {
        expect(BODY_TYPES, `${make.name} ${model.name}`).toContain(model.bodyType);
        expect(model.name.trim()).toBe(model.name);
      }
    }
  });

  it('covers every body type, so the demo seed can too', () => {
    const used = new Set(CAR_MAKES.flatMap((make) => make.models.map((model) => model.bodyType)));
    expect([...used].sort()).toEqual([...BODY_TYPES].sort());
  });

  it('has lower-case aliases that never clash with a make name or each other', () => {
    const keys = CAR_MAKES.flatMap((make) => [make.name.toLowerCase(), ...make.aliases]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const make of CAR_MAKES) {
      for (const alias of make.aliases) expect(alias).toBe(alias.toLowerCase());
    }
  });
});

describe('lookups', () => {
  it('finds makes by name or alias, ignoring case and spaces', () => {
    expect(findMake(' bmw ')?.name).toBe('BMW');
    expect(findMake('VW')?.name).toBe('Volkswagen');
    expect(findMake('merc')?.name).toBe('Mercedes-Benz');
    expect(findMake('Trabant')).toBeUndefined();
  });

  it('lists the models of a make, and none for a custom make', () => {
    expect(modelNamesFor('Tesla')).toEqual(['Model 3', 'Model Y', 'Model S', 'Model X', 'Cybertruck']);
    expect(modelNamesFor('Custom Motors')).toEqual([]);
  });

  it('tells whether a model belongs to a make', () => {
    expect(isModelOf('Toyota', 'hilux')).toBe(true);
    expect(isModelOf('Toyota', 'Ranger')).toBe(false);
    expect(isModelOf('Unknown', 'Hilux')).toBe(false);
  });

  it('knows typical body types', () => {
    expect(typicalBodyType('Toyota', 'Hilux')).toBe('Truck');
    expect(typicalBodyType('volvo', ' V60 ')).toBe('Wagon');
    expect(typicalBodyType('Mazda', 'MX-5')).toBe('Convertible');
    expect(typicalBodyType('Toyota', 'Nope')).toBeUndefined();
  });
});

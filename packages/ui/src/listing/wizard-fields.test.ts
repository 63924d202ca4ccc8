import { describe, expect, it } from 'vitest';
import {
  addCustomMake,
  addCustomModel,
  addTypedFeature,
  chooseMake,
  chooseModel,
  freshFields,
  mergeFeatures,
  readDraft,
} from './wizard-fields.ts';

describe('wizard fields', () => {
  it('keeps a model that belongs to the new make (any case) and clears one that does not', () => {
    const fields = { ...freshFields(), make: 'Toyota', model: 'hilux' };
    expect(chooseMake(fields, 'Toyota').model).toBe('hilux');
    expect(chooseMake(fields, 'BMW').model).toBe('');
  });

  it('sets the body type a catalogue model usually has, when the wizard offers it', () => {
    expect(chooseModel({ ...freshFields(), make: 'BMW' }, 'X5').bodyType).toBe('SUV');
    // A Hilux is a Truck (a bakkie), which the wizard offers.
    expect(chooseModel({ ...freshFields(), make: 'Toyota', bodyType: 'Coupe' }, 'Hilux').bodyType).toBe(
      'Truck',
    );
    expect(chooseModel({ ...freshFields(), make: 'Tata' }, 'Nexon').bodyType).toBe('Sedan');
  });

  it('keeps a custom model when its make is chosen again', () => {
    const withModel = addCustomModel({ ...freshFields(), make: 'Tata' }, ' Nexon ').fields;
    expect(withModel.model).toBe('Nexon');
    expect(chooseMake(chooseMake(withModel, 'BMW'), 'Tata').model).toBe('');
    expect(chooseMake({ ...withModel, make: 'BMW' }, 'Tata').model).toBe('Nexon');
  });

  it('refuses empty custom makes and models and selects an existing one instead of adding it twice', () => {
    expect(addCustomMake(freshFields(), ['Toyota'], '  ').error).toBe('Make cannot be empty');
    expect(addCustomModel({ ...freshFields(), make: 'Toyota' }, '').error).toBe('Model cannot be empty');
    const edit = addCustomMake(freshFields(), ['Toyota'], 'TOYOTA');
    expect(edit.fields.make).toBe('Toyota');
    expect(edit.fields.customMakes).toEqual([]);
  });

  it('maps typed catalogue names to the catalogue spelling and dedupes suggestions', () => {
    expect(addTypedFeature([], ' heated seats ').list).toEqual(['Heated Seats']);
    expect(addTypedFeature(['Heated Seats'], 'HEATED SEATS').error).toBe(
      'This feature has already been added',
    );
    expect(mergeFeatures(['Bluetooth', 'Canopy'], ['bluetooth', 'Tow Bar', 'canopy', ' '])).toEqual([
      'Bluetooth',
      'Canopy',
      'Tow Bar',
    ]);
  });

  it('reads drafts defensively: bad versions are ignored, bad fields fall back, steps stay in range', () => {
    expect(readDraft(null)).toBeNull();
    expect(readDraft({ version: 2, step: 3, fields: {} })).toBeNull();
    const draft = readDraft({
      version: 1,
      step: 9,
      fields: {
        make: 'Audi',
        year: 2020,
        features: ['Sunroof', 4],
        customModels: { Audi: ['RS Q8', null] },
        model: {},
      },
    });
    expect(draft?.step).toBe(1);
    expect(draft?.fields).toMatchObject({
      make: 'Audi',
      model: '',
      year: '2020',
      features: ['Sunroof'],
      customModels: { Audi: ['RS Q8'] },
      fuelType: 'Petrol',
    });
  });
});

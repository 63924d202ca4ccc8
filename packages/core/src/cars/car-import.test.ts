import { describe, expect, it } from 'vitest';
import { CAR_IMPORT_COLUMNS, carImportTemplate, importColumnOf, readImportRow } from './car-import.ts';

const row = (cells: Record<string, string>) => readImportRow(cells, 7);
const complete = {
  make: 'Toyota',
  model: 'Hilux',
  year: '2021',
  price: '385,000',
  mileage: '62000',
  exteriorColor: 'White',
  interiorColor: 'Grey',
  description: 'Double cab with a full service history.',
  features: 'Bluetooth; Reverse camera ;bluetooth',
};

describe('a CSV row read as a listing', () => {
  it('reads numbers as the wizard does, splits features and applies the new-car defaults to blank cells', () => {
    const read = row(complete);
    expect(read.errors).toBeUndefined();
    expect(read.body).toMatchObject({
      make: 'Toyota',
      year: 2021,
      price: 385_000,
      mileage: 62_000,
      fuelType: 'Petrol',
      transmission: 'Automatic',
      features: ['Bluetooth', 'Reverse camera'],
    });
  });

  it('names each wrong cell once, by its line and column, with the listing’s messages', () => {
    const read = row({ ...complete, make: ' ', year: '1850', fuelType: 'Steam', description: 'Too short' });
    expect(read.errors?.map((e) => [e.line, e.column])).toEqual([
      [7, 'description'],
      [7, 'make'],
      [7, 'year'],
      [7, 'fuelType'],
    ]);
    expect(read.errors?.find((e) => e.column === 'make')?.message).toBe('Make is required');
    expect(read.errors?.find((e) => e.column === 'description')?.message).toBe(
      'Description must be at least 20 characters long for a quality listing',
    );
  });

  it('knows its columns in any case and ignores others; its template reads back as one valid row', () => {
    expect(importColumnOf(' FuelType ')).toBe('fuelType');
    expect(importColumnOf('exterior_color')).toBe('exteriorColor');
    expect(importColumnOf('stock number')).toBeNull();
    const [header, example] = carImportTemplate().trim().split('\n');
    expect(header!.split(',')).toEqual([...CAR_IMPORT_COLUMNS]);
    // The example's description holds a comma, so it is quoted; a plain split is enough for the other cells.
    const cells = example!.match(/("[^"]*"|[^,]+)/g)!.map((cell) => cell.replace(/^"|"$/g, ''));
    const read = readImportRow(Object.fromEntries(CAR_IMPORT_COLUMNS.map((c, i) => [c, cells[i]!])), 2);
    expect(read.errors).toBeUndefined();
  });
});

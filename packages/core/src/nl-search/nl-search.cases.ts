import type { ReadFilters } from './query-reader.ts';
import type { SoftPreference } from './vocabulary.ts';

/** The year the cases are read in ('last 5 years' is relative to it). */
export const CASES_CURRENT_YEAR = 2026;

export interface QueryCase {
  query: string;
  /** Every filter the query must be read as, and no other. */
  filters: ReadFilters;
  /** Soft preferences that must be among those read (others may be read too). */
  soft?: SoftPreference[];
}

/**
 * Buyers' searches with the filters a person would read them as. The storefront e2e relies on the first one.
 * The share of cases whose filters are all read right is the reader's accuracy; the test fails under 95%.
 */
export const NL_SEARCH_CASES: readonly QueryCase[] = [
  { query: 'electric SUV under 900k', filters: { bodyType: 'SUV', fuelType: 'Electric', maxPrice: 900_000 } },
  // Makes, nicknames and typos
  { query: 'mercedez', filters: { make: 'Mercedes-Benz' } },
  { query: 'merc c class', filters: { make: 'Mercedes-Benz', model: 'C-Class' } },
  { query: 'beemer', filters: { make: 'BMW' } },
  { query: 'bimmer x5 diesel', filters: { make: 'BMW', model: 'X5', fuelType: 'Diesel' } },
  { query: 'vw golf', filters: { make: 'Volkswagen', model: 'Golf' } },
  { query: 'landcruiser', filters: { make: 'Toyota', model: 'Land Cruiser' } },
  { query: 'toyota land cruiser prado', filters: { make: 'Toyota', model: 'Land Cruiser Prado' } },
  { query: 'range rover', filters: { make: 'Range Rover' } },
  {
    query: 'range rover sport under 2m',
    filters: { make: 'Range Rover', model: 'Range Rover Sport', maxPrice: 2_000_000 },
  },
  { query: 'toyta hilux', filters: { make: 'Toyota', model: 'Hilux' } },
  { query: 'volkswagon polo vivo', filters: { make: 'Volkswagen', model: 'Polo Vivo' } },
  { query: 'porshe cayenne', filters: { make: 'Porsche', model: 'Cayenne' } },
  { query: 'hilux', filters: { make: 'Toyota', model: 'Hilux' } },
  { query: 'ford ranger double cab', filters: { make: 'Ford', model: 'Ranger', bodyType: 'Truck' } },
  { query: 'tesla model 3', filters: { make: 'Tesla', model: 'Model 3' } },
  { query: 'bmw 3 series 2019', filters: { make: 'BMW', model: '3 Series', minYear: 2019, maxYear: 2019 } },
  { query: 'peugeot 2008', filters: { make: 'Peugeot', model: '2008' } },
  { query: 'chevy', filters: { make: 'Chevrolet' } },
  { query: 'isuzu d-max', filters: { make: 'Isuzu', model: 'D-Max' } },
  { query: 'corolla cross hybrid', filters: { make: 'Toyota', model: 'Corolla Cross', fuelType: 'Hybrid' } },
  { query: 'audi a4 automatic', filters: { make: 'Audi', model: 'A4', transmission: 'Automatic' } },
  // Body types
  { query: 'bakkie', filters: { bodyType: 'Truck' } },
  { query: 'pickup under R400 000', filters: { bodyType: 'Truck', maxPrice: 400_000 } },
  { query: 'a ute for work', filters: { bodyType: 'Truck' } },
  { query: 'kombi for a big family', filters: { bodyType: 'Wagon' }, soft: ['spacious', 'family'] },
  { query: 'minivan', filters: { bodyType: 'Wagon' }, soft: ['spacious'] },
  { query: 'people carrier', filters: { bodyType: 'Wagon' } },
  { query: '4x4 diesel', filters: { bodyType: 'SUV', fuelType: 'Diesel' } },
  { query: 'off-road vehicle', filters: { bodyType: 'SUV' } },
  { query: 'family car', filters: {}, soft: ['family'] },
  { query: 'hatch under 150k', filters: { bodyType: 'Hatchback', maxPrice: 150_000 } },
  { query: 'estate car', filters: { bodyType: 'Wagon' } },
  { query: 'cabriolet', filters: { bodyType: 'Convertible' } },
  { query: 'red convertible', filters: { bodyType: 'Convertible', color: 'Red' } },
  { query: 'sedan', filters: { bodyType: 'Sedan' } },
  { query: 'coupe manual', filters: { bodyType: 'Coupe', transmission: 'Manual' } },
  // Fuel, transmission, condition, colour
  { query: 'petrol hatchback', filters: { fuelType: 'Petrol', bodyType: 'Hatchback' } },
  { query: 'gas guzzler', filters: { fuelType: 'Petrol' } },
  { query: 'EV', filters: { fuelType: 'Electric' } },
  { query: 'plug-in hybrid suv', filters: { fuelType: 'Hybrid', bodyType: 'SUV' } },
  { query: 'hybird', filters: { fuelType: 'Hybrid' } },
  { query: 'stick shift', filters: { transmission: 'Manual' } },
  { query: 'auto', filters: { transmission: 'Automatic' } },
  { query: 'second hand toyota', filters: { condition: 'Used', make: 'Toyota' } },
  { query: 'pre-owned bmw', filters: { condition: 'Used', make: 'BMW' } },
  {
    query: 'certified pre-owned mercedes',
    filters: { condition: 'Certified Pre-Owned', make: 'Mercedes-Benz' },
  },
  { query: 'cpo audi', filters: { condition: 'Certified Pre-Owned', make: 'Audi' } },
  { query: 'brand new kia', filters: { condition: 'New', make: 'Kia' } },
  { query: 'grey suv', filters: { color: 'Grey', bodyType: 'SUV' } },
  { query: 'gray sedan', filters: { color: 'Grey', bodyType: 'Sedan' } },
  { query: 'silver polo', filters: { color: 'Silver', make: 'Volkswagen', model: 'Polo' } },
  {
    query: 'white bakkie diesel manual',
    filters: { color: 'White', bodyType: 'Truck', fuelType: 'Diesel', transmission: 'Manual' },
  },
  // Prices
  { query: 'cars under E500,000', filters: { maxPrice: 500_000 } },
  { query: 'below 250k', filters: { maxPrice: 250_000 } },
  { query: 'less than 1.2 million', filters: { maxPrice: 1_200_000 } },
  { query: 'up to SZL 300000', filters: { maxPrice: 300_000 } },
  { query: 'budget of R350 000', filters: { maxPrice: 350_000 } },
  { query: 'at most 80 thousand', filters: { maxPrice: 80_000 } },
  { query: 'over 1m', filters: { minPrice: 1_000_000 } },
  { query: 'suv from 600k', filters: { bodyType: 'SUV', minPrice: 600_000 } },
  { query: 'at least ZAR 200k', filters: { minPrice: 200_000 } },
  { query: 'between 300k and 500k', filters: { minPrice: 300_000, maxPrice: 500_000 } },
  { query: 'sedan 200k-400k', filters: { bodyType: 'Sedan', minPrice: 200_000, maxPrice: 400_000 } },
  { query: 'E450 000 to E700 000', filters: { minPrice: 450_000, maxPrice: 700_000 } },
  { query: 'between 1 and 1.5 million', filters: { minPrice: 1_000_000, maxPrice: 1_500_000 } },
  { query: 'cheap car', filters: {}, soft: ['cheap'] },
  { query: 'cheap reliable family suv', filters: { bodyType: 'SUV' }, soft: ['cheap', 'reliable', 'family'] },
  { query: '500k+ luxury sedan', filters: { minPrice: 500_000, bodyType: 'Sedan' }, soft: ['luxury'] },
  // Years
  { query: 'a 2018 corolla', filters: { make: 'Toyota', model: 'Corolla', minYear: 2018, maxYear: 2018 } },
  { query: 'newer than 2019', filters: { minYear: 2020 } },
  { query: 'from 2020', filters: { minYear: 2020 } },
  { query: '2020 or newer', filters: { minYear: 2020 } },
  { query: 'after 2020', filters: { minYear: 2021 } },
  { query: 'older than 2010', filters: { maxYear: 2009 } },
  { query: 'before 2015', filters: { maxYear: 2014 } },
  { query: 'cars from the last 5 years', filters: { minYear: 2021 } },
  { query: 'less than 3 years old', filters: { minYear: 2023 } },
  { query: 'between 2015 and 2018', filters: { minYear: 2015, maxYear: 2018 } },
  { query: 'golf 2016-2019', filters: { make: 'Volkswagen', model: 'Golf', minYear: 2016, maxYear: 2019 } },
  { query: '2017+ hilux', filters: { make: 'Toyota', model: 'Hilux', minYear: 2017 } },
  // Mileage
  { query: 'under 50,000 km', filters: { maxMileage: 50_000 } },
  { query: 'less than 80k km', filters: { maxMileage: 80_000 } },
  { query: 'low mileage', filters: { maxMileage: 50_000 } },
  { query: 'mileage below 120000', filters: { maxMileage: 120_000 } },
  { query: 'under 100 000km', filters: { maxMileage: 100_000 } },
  // Everything at once
  {
    query: 'used toyota hilux 2018 or newer under R450k with less than 100000 km, diesel manual',
    filters: {
      condition: 'Used',
      make: 'Toyota',
      model: 'Hilux',
      minYear: 2018,
      maxPrice: 450_000,
      maxMileage: 100_000,
      fuelType: 'Diesel',
      transmission: 'Manual',
    },
  },
  {
    query: 'I need an automatic petrol hatchback below E200k, 2015 or newer, low mileage',
    filters: {
      transmission: 'Automatic',
      fuelType: 'Petrol',
      bodyType: 'Hatchback',
      maxPrice: 200_000,
      minYear: 2015,
      maxMileage: 50_000,
    },
  },
  {
    query: 'black bmw x5 between 2019 and 2022 under 1.5m',
    filters: { color: 'Black', make: 'BMW', model: 'X5', minYear: 2019, maxYear: 2022, maxPrice: 1_500_000 },
  },
  {
    query: 'new electric sedan over 1 million',
    filters: { condition: 'New', fuelType: 'Electric', bodyType: 'Sedan', minPrice: 1_000_000 },
  },
  { query: 'fuel efficient car for commuting', filters: {}, soft: ['fuel-efficient'] },
  // Written the way people type them
  {
    query: 'show me suvs between 400 and 600 thousand',
    filters: { bodyType: 'SUV', minPrice: 400_000, maxPrice: 600_000 },
  },
  {
    query: 'automatic diesel double cab under R550k 2019+',
    filters: {
      transmission: 'Automatic',
      fuelType: 'Diesel',
      bodyType: 'Truck',
      maxPrice: 550_000,
      minYear: 2019,
    },
  },
  { query: 'blue hatchback for my first car', filters: { color: 'Blue', bodyType: 'Hatchback' } },
  { query: 'used merc under 300k', filters: { condition: 'Used', make: 'Mercedes-Benz', maxPrice: 300_000 } },
  { query: 'cheap bakkies', filters: { bodyType: 'Truck' }, soft: ['cheap'] },
  { query: 'hybrid toyota', filters: { fuelType: 'Hybrid', make: 'Toyota' } },
  { query: 'new cars', filters: { condition: 'New' } },
  { query: 'second-hand golf 7', filters: { condition: 'Used', make: 'Volkswagen', model: 'Golf' } },
  { query: 'a good family 7 seater', filters: {}, soft: ['family', 'spacious'] },
  { query: 'luxury sedan under 1m', filters: { bodyType: 'Sedan', maxPrice: 1_000_000 }, soft: ['luxury'] },
  {
    query: 'range rover evoque 2018 white',
    filters: {
      make: 'Range Rover',
      model: 'Range Rover Evoque',
      color: 'White',
      minYear: 2018,
      maxYear: 2018,
    },
  },
  { query: 'electric car with low km', filters: { fuelType: 'Electric', maxMileage: 50_000 } },
  { query: 'anything under 50k', filters: { maxPrice: 50_000 } },
  {
    query: 'polo under R120 000 with less than 120 000 km',
    filters: { make: 'Volkswagen', model: 'Polo', maxPrice: 120_000, maxMileage: 120_000 },
  },
  { query: 'manual sports car', filters: { transmission: 'Manual' }, soft: ['sporty'] },
  { query: 'under 1.5 mil', filters: { maxPrice: 1_500_000 } },
  { query: 'more than 2018', filters: { minYear: 2019 } },
  {
    query: 'suv 2020-2023 under 800k',
    filters: { bodyType: 'SUV', minYear: 2020, maxYear: 2023, maxPrice: 800_000 },
  },
  { query: 'honda fit hybrid', filters: { make: 'Honda', model: 'Fit', fuelType: 'Hybrid' } },
  { query: 'toyota prado', filters: { make: 'Toyota', model: 'Land Cruiser Prado' } },
  { query: 'ev under a million', filters: { fuelType: 'Electric', maxPrice: 1_000_000 } },
  { query: 'half a million suv', filters: { bodyType: 'SUV', maxPrice: 500_000 } },
  { query: 'bmw 320d', filters: { make: 'BMW', model: '3 Series' } },
  {
    query: 'benz c200 2016',
    filters: { make: 'Mercedes-Benz', model: 'C-Class', minYear: 2016, maxYear: 2016 },
  },
  {
    query: 'Toyota Fortuner 2.8 GD-6 4x4 auto',
    filters: { make: 'Toyota', model: 'Fortuner', bodyType: 'SUV', transmission: 'Automatic' },
  },
  { query: 'isuzu dmax', filters: { make: 'Isuzu', model: 'D-Max' } },
  { query: 'crv', filters: { make: 'Honda', model: 'CR-V' } },
  { query: 'suv with 7 seats', filters: { bodyType: 'SUV' }, soft: ['spacious'] },
  {
    query: 'toyota corolla 2015 less than 100k km under 150k',
    filters: {
      make: 'Toyota',
      model: 'Corolla',
      minYear: 2015,
      maxYear: 2015,
      maxMileage: 100_000,
      maxPrice: 150_000,
    },
  },
  {
    query: 'diesel bakkie under 300 grand',
    filters: { fuelType: 'Diesel', bodyType: 'Truck', maxPrice: 300_000 },
  },
  // Nothing structured: full-text search of the words
  { query: 'sunroof', filters: { search: 'sunroof' } },
];

/**
 * SPEC 3: 13 exterior and 10 interior colours. Each carries a swatch colour for the picker; the name is
 * what a listing stores.
 */

export interface ColourOption {
  readonly name: string;
  /** CSS colour of the picker swatch. */
  readonly hex: string;
}

export const EXTERIOR_COLOUR_OPTIONS: readonly ColourOption[] = [
  { name: 'Black', hex: '#111111' },
  { name: 'White', hex: '#F5F5F5' },
  { name: 'Silver', hex: '#C0C0C0' },
  { name: 'Grey', hex: '#6B6B6B' },
  { name: 'Blue', hex: '#1E4FA3' },
  { name: 'Red', hex: '#B71C1C' },
  { name: 'Green', hex: '#2E6B3A' },
  { name: 'Brown', hex: '#5D4037' },
  { name: 'Beige', hex: '#D8C8A8' },
  { name: 'Gold', hex: '#C9A43B' },
  { name: 'Orange', hex: '#E8731A' },
  { name: 'Yellow', hex: '#F2C94C' },
  { name: 'Burgundy', hex: '#6D1A2B' },
];

export const INTERIOR_COLOUR_OPTIONS: readonly ColourOption[] = [
  { name: 'Black', hex: '#111111' },
  { name: 'Charcoal', hex: '#36454F' },
  { name: 'Grey', hex: '#8A8A8A' },
  { name: 'Beige', hex: '#D8C8A8' },
  { name: 'Cream', hex: '#F3E9D2' },
  { name: 'Tan', hex: '#B8875A' },
  { name: 'Brown', hex: '#5D4037' },
  { name: 'White', hex: '#F5F5F5' },
  { name: 'Red', hex: '#8E1B1B' },
  { name: 'Blue', hex: '#1F3A68' },
];

export const EXTERIOR_COLOURS: readonly string[] = EXTERIOR_COLOUR_OPTIONS.map((c) => c.name);
export const INTERIOR_COLOURS: readonly string[] = INTERIOR_COLOUR_OPTIONS.map((c) => c.name);

/** SPEC 7: the AI listing generator's colour when none is given. */
export const DEFAULT_GENERATE_COLOUR = 'Black';

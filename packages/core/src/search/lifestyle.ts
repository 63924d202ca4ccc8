/**
 * Value sets of the lifestyle profile (SPEC 3). The fallback scoring of SPEC 9 keys on single-family,
 * eco-friendly, economy, daily and long; the other values complete each question so every quiz answer maps
 * to a profile value.
 */

export const FAMILY_SIZES = ['single', 'small-family', 'large-family'] as const;
export type FamilySize = (typeof FAMILY_SIZES)[number];

export const FUEL_PREFERENCES = ['eco-friendly', 'economy', 'performance', 'no-preference'] as const;
export type FuelPreference = (typeof FUEL_PREFERENCES)[number];

export const USAGE_TYPES = ['daily', 'weekend', 'business', 'adventure'] as const;
export type UsageType = (typeof USAGE_TYPES)[number];

export const COMMUTE_DISTANCES = ['short', 'medium', 'long'] as const;
export type CommuteDistance = (typeof COMMUTE_DISTANCES)[number];

export const PRIORITIES = [
  'safety',
  'reliability',
  'fuel-economy',
  'comfort',
  'performance',
  'technology',
  'space',
  'luxury',
] as const;
export type Priority = (typeof PRIORITIES)[number];

import type { BodyType, ModelSpec } from '@autoreel/core';

/**
 * A body type's cars differ by segment, and so do their drawings: a city hatch is not a Golf R, a single-cab bakkie
 * is not a double cab, a Land Cruiser is not a Tiggo. The segment is read from the model table (name, seats and
 * new price), so every model in it gets one without a column of its own.
 */
export type DemoShape =
  | 'standard'
  | 'city'
  | 'hot'
  | 'compact'
  | 'executive'
  | 'crossover'
  | 'large'
  | 'off-road'
  | 'single-cab'
  | 'extended-cab'
  | 'sports';

/** Hot hatches by their badge: GTI, R, N, RS, Type R, AMG, John Cooper Works. */
const HOT = /\b(GTI|R|N|RS ?\d?|Type R|AMG|ST|John Cooper Works)\b/;
/** Body-on-frame off-roaders: upright glass, high ground clearance, big tyres. */
const OFF_ROAD =
  /Land Cruiser|Prado|Patrol|Fortuner|Everest|Pajero|Defender|Wrangler|G-Class|Jimny|MU-X|Discovery$/;

/** The drawing's segment of a model; a model the table does not know is drawn as its body type's standard. */
export function demoShape(
  spec: Pick<ModelSpec, 'model' | 'bodyType' | 'seats' | 'newPrice'> | undefined,
): DemoShape {
  if (!spec) return 'standard';
  const entryPrice = spec.newPrice.ZA[0];
  switch (spec.bodyType) {
    case 'Truck':
      if (/Single Cab/i.test(spec.model)) return 'single-cab';
      return /Extended Cab|Super Cab|Club Cab|Space Cab|King Cab/i.test(spec.model)
        ? 'extended-cab'
        : 'standard';
    case 'Hatchback':
      if (HOT.test(spec.model)) return 'hot';
      return entryPrice < 300_000 ? 'city' : 'standard';
    case 'Sedan':
      if (entryPrice < 350_000) return 'compact';
      return entryPrice >= 1_500_000 ? 'executive' : 'standard';
    case 'SUV':
      if (OFF_ROAD.test(spec.model)) return 'off-road';
      if (spec.seats >= 7 || entryPrice >= 1_500_000) return 'large';
      return entryPrice < 450_000 ? 'crossover' : 'standard';
    case 'Coupe':
    case 'Convertible':
      return entryPrice >= 1_200_000 ? 'sports' : 'standard';
    case 'Wagon':
      return 'standard';
  }
}

/** Every shape a body type can be drawn in: what demoShape may give for it. */
export const SHAPES_OF: Readonly<Record<BodyType, readonly DemoShape[]>> = {
  Sedan: ['standard', 'compact', 'executive'],
  SUV: ['standard', 'crossover', 'large', 'off-road'],
  Hatchback: ['standard', 'city', 'hot'],
  Coupe: ['standard', 'sports'],
  Convertible: ['standard', 'sports'],
  Wagon: ['standard'],
  Truck: ['standard', 'single-cab', 'extended-cab'],
};

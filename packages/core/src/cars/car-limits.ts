/**
 * The largest price and mileage a car may have: they guard the columns against overflow (no real car is near them),
 * and sit apart from the schemas that enforce them so the search reader can read them without zod.
 */
export const MAX_PRICE = 1_000_000_000;
export const MAX_MILEAGE = 2_000_000;

import type { BodyType } from './car-options.ts';

/** A listing's seats: a two-seat roadster up to a 16-seat minibus. */
export const MIN_SEATS = 1;
export const MAX_SEATS = 16;

/** Seats a body type usually has when the model is not known: 2+2 coupes and convertibles seat four. */
export const SEATS_BY_BODY: Readonly<Record<BodyType, number>> = {
  Sedan: 5,
  SUV: 5,
  Hatchback: 5,
  Wagon: 5,
  Truck: 5,
  Coupe: 4,
  Convertible: 4,
};

/**
 * Seats of catalogue models that differ from their body type's usual count, by make and model (the standard
 * version sold in Southern Africa; a 5+2 is seven). The demo catalogue and the seats backfill (migration 0010)
 * read this, and a listing created without seats takes it.
 */
export const MODEL_SEATS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  BMW: { X7: 7, Z4: 2 },
  'Mercedes-Benz': { GLB: 7, GLS: 7, 'AMG GT': 2, SL: 2 },
  Audi: { Q7: 7 },
  Tesla: { 'Model X': 7 },
  Porsche: { '718 Cayman': 2, '718 Boxster': 2 },
  Lexus: { GX: 7, LX: 7 },
  Jaguar: { 'F-Type': 2, 'F-Type Convertible': 2 },
  Volvo: { XC90: 7, EX90: 7 },
  Cadillac: { XT6: 7, Escalade: 7 },
  Toyota: { Fortuner: 7, 'Land Cruiser Prado': 7, 'Land Cruiser 300': 7, 'GR Supra': 2 },
  Honda: { 'BR-V': 7 },
  Volkswagen: { 'Tiguan Allspace': 7 },
  Ford: { Everest: 7 },
  Nissan: { Patrol: 8, Z: 2 },
  Hyundai: { 'Santa Fe': 7, Palisade: 8 },
  Kia: { Sorento: 7, EV9: 7 },
  Mazda: { 'CX-90': 7, 'MX-5': 2 },
  Isuzu: { 'D-Max Single Cab': 2, 'D-Max Extended Cab': 4, 'MU-X': 7 },
  Mitsubishi: { Outlander: 7, 'Pajero Sport': 7 },
  Peugeot: { '5008': 7 },
  Chevrolet: { Captiva: 7, Tahoe: 8, Corvette: 2 },
  'Land Rover': { 'Defender 130': 8, Discovery: 7, 'Discovery Sport': 7 },
  Haval: { H9: 7 },
  Chery: { 'Tiggo 8 Pro': 7, 'Tiggo 8 Pro Max': 7 },
  Mini: { 'Cooper 3-Door': 4, 'Cooper Convertible': 4 },
};

/** The seat counts cars come with, as the browse filter offers them ('7+ seats'). */
export const SEAT_FILTER_STEPS: readonly number[] = [2, 4, 5, 7, 8];

/** The seats a car of this make, model and body usually has; names compare without regard to case. */
export function typicalSeats(make: string, model: string, bodyType: BodyType): number {
  const makeKey = Object.keys(MODEL_SEATS).find((name) => name.toLowerCase() === make.trim().toLowerCase());
  const models = makeKey ? MODEL_SEATS[makeKey]! : {};
  const modelKey = Object.keys(models).find((name) => name.toLowerCase() === model.trim().toLowerCase());
  return modelKey ? models[modelKey]! : SEATS_BY_BODY[bodyType];
}

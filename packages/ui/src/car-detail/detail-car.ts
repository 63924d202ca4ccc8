import type { DetailCar } from '../cars/car-queries.ts';

/** A private listing's dealerName is only the 'Private Seller' label, which the badge shows: name the owner. */
export function isPrivateListing(car: DetailCar): boolean {
  return !!car.isPrivateSeller || car.sellerType === 'private';
}

/** Whom a buyer deals with: the dealership, or a private seller by their own name. */
export function sellerNameOf(car: DetailCar): string | null {
  return (isPrivateListing(car) ? car.sellerName : car.dealerName || car.sellerName) || null;
}

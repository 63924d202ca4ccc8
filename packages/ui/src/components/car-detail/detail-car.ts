import type { Photo } from '@autoreel/core';
/** The car as GET /cars/{id} returns it; every field is optional because listings vary. */
export interface DetailCar {
  id?: string;
  _id?: string;
  make?: string;
  model?: string;
  year?: number;
  mileage?: number | null;
  fuelType?: string;
  transmission?: string;
  bodyType?: string;
  seats?: number | null;
  color?: string;
  exteriorColor?: string;
  interiorColor?: string;
  condition?: string;
  features?: string[];
  description?: string;
  images?: string[];
  /** The images as responsive photos, same order; the poster as one when it is a photo. */
  photos?: Photo[];
  posterPhoto?: Photo | null;
  poster?: string | null;
  videos?: string[];
  price?: number | null;
  formattedPrice?: string | null;
  currency?: string | { symbol?: string | null } | null;
  dealerId?: string | null;
  sellerId?: string | null;
  dealerName?: string | null;
  dealerPhone?: string | null;
  dealerLocation?: string | null;
  dealerRating?: number | null;
  sellerName?: string | null;
  sellerPhone?: string | null;
  sellerLocation?: string | null;
  sellerType?: string | null;
  isPrivateSeller?: boolean;
}

/** A private listing's dealerName is only the 'Private Seller' label, which the badge shows: name the owner. */
export function isPrivateListing(car: DetailCar): boolean {
  return !!car.isPrivateSeller || car.sellerType === 'private';
}

/** Whom a buyer deals with: the dealership, or a private seller by their own name. */
export function sellerNameOf(car: DetailCar): string | null {
  return (isPrivateListing(car) ? car.sellerName : car.dealerName || car.sellerName) || null;
}

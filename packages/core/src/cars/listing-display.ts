import type { Photo } from './photo.ts';
/**
 * How a listing names its seller and where its media lives, shared by the feed's caption, the browse cards and the
 * detail page, so all show the same words.
 */
import { countOf } from '../text/index.ts';

/** The seller fields of a car as GET /cars lists it; everything is optional because AI results may be partial. */
export interface SellerNamed {
  isPrivateSeller?: boolean | null;
  sellerType?: string | null;
  dealerName?: string | null;
  sellerName?: string | null;
  seller?: { name?: string | null } | null;
  dealerLocation?: string | null;
  sellerLocation?: string | null;
}

/**
 * Who sells the car, as the caption names them: the dealership, else the private seller. A private listing's
 * dealerName is only the 'Private Seller' label (the badge already says it), so the owner's own name is used.
 */
export function sellerNameOf(car: SellerNamed): string | null {
  const isPrivate = car.isPrivateSeller ?? car.sellerType === 'private';
  if (isPrivate) return car.sellerName || car.seller?.name || null;
  return car.dealerName || car.sellerName || car.seller?.name || null;
}

export function sellerLocationOf(car: SellerNamed): string | null {
  return car.dealerLocation || car.sellerLocation || null;
}

/**
 * The URL of a stored media path: absolute, protocol-relative, data: and blob: URLs as they are; a relative path
 * under `base` (the web's base is empty: the page's own origin).
 */
export function resolveAssetUrl(base: string, path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/i.test(path) || path.startsWith('//')) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The browse list's count line: '1 car available', '485 cars available', 'about 8,300 cars available'. */
export function carsAvailableText(total: number, estimated = false): string {
  // An estimate is rounded by the API and reads as one: 'about 8,300 cars available'.
  if (estimated) return `about ${countOf(total, 'car')} available`;
  return `${countOf(total, 'car')} available`;
}

/** The photos a car shows, poster first, each once (the poster is usually the first image). */
export function carPhotos(car: {
  poster?: string | null;
  posterPhoto?: Photo | null;
  images?: string[] | null;
  photos?: Photo[] | null;
}): Photo[] {
  const images = car.images ?? [];
  const all: Photo[] = [
    ...(car.posterPhoto ? [car.posterPhoto] : car.poster ? [{ src: car.poster }] : []),
    ...images.map((src, i) => car.photos?.[i] ?? { src }),
  ];
  return all.filter((photo, i) => photo.src && all.findIndex((p) => p.src === photo.src) === i);
}

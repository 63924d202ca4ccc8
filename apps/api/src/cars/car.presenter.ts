import { DEFAULT_CURRENCY_SYMBOL, displayPrice, PRICE_DROP_DAYS, sellerBadgeOf } from '@autoreel/core';
import {
  mediaUrl,
  parsePhotoKey,
  presentPhoto,
  presentStream,
  type MediaUrlConfig,
} from '../media/media-url.ts';
import type { CarJoins, CarRow } from './car.repository.ts';

export interface CarCurrency {
  code: string;
  name: string | null;
  symbol: string;
}

export const UNKNOWN_SELLER = 'Unknown Seller';
export const PRIVATE_SELLER_LABEL = 'Private Seller';

/** Eswatini's lilangeni is shown as 'E' in the product (SPEC 1 and 9), whatever symbol country data carries. */
function currencyOf(row: CarRow, joins: CarJoins): CarCurrency {
  const code = row.currency;
  const country = joins.country?.currencyCode === code ? joins.country : null;
  const symbol = code === 'SZL' ? 'E' : country?.currencySymbol?.trim() || DEFAULT_CURRENCY_SYMBOL;
  return { code, name: country?.currencyName ?? null, symbol };
}

/** The car's latest price drop while it is within PRICE_DROP_DAYS of `now`, else null. */
export function priceDropOf(row: CarRow, now: Date): { amount: number; at: string } | null {
  const at = row.priceDroppedAt;
  if (!at || !row.priceDropAmount || row.priceDropAmount <= 0) return null;
  if (now.getTime() - at.getTime() > PRICE_DROP_DAYS * 86_400_000) return null;
  return { amount: row.priceDropAmount, at: at.toISOString() };
}

/**
 * The Car DTO of SPEC 3, shared by every answer that carries cars (lists, detail, liked cars, conversations, AI).
 * Media keys become URLs (photos also their renditions); a video is only shown once it is ready to play.
 */
export function presentCar(row: CarRow, joins: CarJoins, config: MediaUrlConfig, now: Date = new Date()) {
  const url = (key: string) => mediaUrl(key, config);
  const images = row.images.map(url);
  // The seller's cover photo (the first, as the wizard orders them) fronts the car; a car without photos shows the
  // frame its video pipeline took.
  const posterKey = row.images[0] ?? row.posterKey;
  const currency = currencyOf(row, joins);
  const isPrivateSeller = row.sellerType === 'private';
  const dealer = joins.dealer;
  const sellerName = dealer?.name ?? joins.seller?.name ?? UNKNOWN_SELLER;
  const location = dealer?.location ?? joins.sellerLocation ?? null;
  const phone = dealer?.phone ?? joins.seller?.phone ?? null;
  return {
    id: row.id,
    _id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    mileage: row.mileage,
    seats: row.seats,
    fuelType: row.fuelType,
    transmission: row.transmission,
    bodyType: row.bodyType,
    color: row.color,
    exteriorColor: row.exteriorColor,
    interiorColor: row.interiorColor,
    condition: row.condition,
    features: row.features,
    description: row.description,
    images,
    photos: row.images.map((key) => presentPhoto(key, config)),
    posterPhoto: posterKey && parsePhotoKey(posterKey) ? presentPhoto(posterKey, config) : null,
    videos: row.videoStatus === 'ready' ? row.videos.map(url) : [],
    // Each video's HLS ladder beside its MP4, same order; null where a video has none.
    videoStreams:
      row.videoStatus === 'ready'
        ? row.videos.map((key) => {
            const stream = row.videoStreams[key];
            return stream ? presentStream(stream, config) : null;
          })
        : [],
    videoStatus: row.videoStatus,
    hiddenByModeration: row.hiddenAt !== null,
    poster: posterKey ? url(posterKey) : null,
    price: row.price,
    currency,
    formattedPrice: displayPrice({ price: row.price, currency: currency.symbol }),
    countryId: row.countryCode,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    dealerId: row.dealerId,
    sellerId: row.sellerId,
    sellerType: row.sellerType,
    isPrivateSeller,
    sellerLabel: isPrivateSeller ? PRIVATE_SELLER_LABEL : 'Dealer',
    dealerName: dealer?.name ?? (isPrivateSeller ? PRIVATE_SELLER_LABEL : null),
    sellerName,
    seller: { id: row.sellerId, name: sellerName },
    dealerLocation: dealer?.location ?? null,
    sellerLocation: location,
    dealerPhone: dealer?.phone ?? null,
    sellerPhone: phone,
    dealerRating: dealer ? dealer.rating : null,
    dealerReviews: dealer ? dealer.reviewCount : null,
    dealerVerified: dealer?.isVerified ?? false,
    // Verified Dealer only for a dealership an admin approved; Phone Verified for a private seller who is.
    sellerBadge: sellerBadgeOf({
      isDealer: !isPrivateSeller && row.dealerId !== null,
      dealerVerified: dealer?.isVerified ?? false,
      phoneVerified: joins.seller?.isPhoneVerified ?? false,
    }),
    priceDrop: priceDropOf(row, now),
  };
}

export type CarDto = ReturnType<typeof presentCar>;

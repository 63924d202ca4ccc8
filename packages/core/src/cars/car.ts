import { z } from 'zod';
import { PhotoSchema } from './photo.ts';
import { VideoStreamSchema } from './video-stream.ts';
import { CarQuerySchema } from './car-query.ts';
import {
  BODY_TYPES,
  CAR_STATUSES,
  CONDITIONS,
  FUEL_TYPES,
  MIN_CAR_YEAR,
  NEW_CAR_DEFAULTS,
  SELLER_TYPES,
  TRANSMISSIONS,
  maxCarYear,
} from './car-options.ts';
import { MAX_MILEAGE, MAX_PRICE } from './car-limits.ts';
import { MAX_SEATS, MIN_SEATS } from './seats.ts';
import {
  IdSchema,
  MAX_PAGE_LIMIT,
  PAGE_SIZES,
  TimestampSchema,
  blankToUndefined,
  idFields,
  pageFields,
  pageQuerySchema,
  requiredText,
} from '../shared/index.ts';
import { CountryCodeSchema, CurrencySchema } from '../shared/index.ts';

export const BodyTypeSchema = z.enum(BODY_TYPES);
export const FuelTypeSchema = z.enum(FUEL_TYPES);
export const TransmissionSchema = z.enum(TRANSMISSIONS);
export const ConditionSchema = z.enum(CONDITIONS);
export const CarStatusSchema = z.enum(CAR_STATUSES);
export const SellerTypeSchema = z.enum(SELLER_TYPES);

/** SPEC 7 display: a missing seller name shows as this. */
export const UNKNOWN_SELLER_NAME = 'Unknown Seller';

/** SPEC 3: currency is plain text ('E') or an object carrying at least a symbol. */
export const CarCurrencySchema = z.union([
  z.string(),
  CurrencySchema.partial().extend({ symbol: z.string(), name: z.string().nullish() }),
]);
export type CarCurrency = z.infer<typeof CarCurrencySchema>;

/** A fall in price shown on a car: how much it fell and when, counted while it is within PRICE_DROP_DAYS. */
export const PriceDropSchema = z.object({ amount: z.number().int().positive(), at: TimestampSchema });
export type PriceDrop = z.infer<typeof PriceDropSchema>;

/** A car's price over time (GET /cars/:id/price-history): its price when listed, then one point per change. */
export const PriceHistorySchema = z.object({
  points: z.array(z.object({ price: z.number().int().nonnegative(), at: TimestampSchema })),
  listedAt: TimestampSchema,
  daysOnMarket: z.number().int().nonnegative(),
});
export type PriceHistory = z.infer<typeof PriceHistorySchema>;

/** SPEC 3 Car, as the API sends it. */
export const CarSchema = z.object({
  ...idFields,
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  mileage: z.number().nonnegative(),
  /** Seats including the driver; older answers may lack it. */
  seats: z.number().int().positive().nullish(),
  fuelType: FuelTypeSchema,
  transmission: TransmissionSchema,
  bodyType: BodyTypeSchema,
  color: z.string().nullish(),
  exteriorColor: z.string().nullish(),
  interiorColor: z.string().nullish(),
  condition: ConditionSchema,
  features: z.array(z.string()),
  description: z.string(),
  images: z.array(z.string()),
  /** The images as responsive photos, same order. */
  photos: z.array(PhotoSchema).optional(),
  /** The poster as a responsive photo, when it is one. */
  posterPhoto: PhotoSchema.nullish(),
  videos: z.array(z.string()),
  /**
   * Each video's adaptive ladder (HLS), same order as `videos`; null for a video without one (prepared before the
   * ladder existed, or on a server without ffmpeg): play its MP4. Absent in answers of older servers.
   */
  videoStreams: z.array(VideoStreamSchema.nullable()).optional(),
  price: z.number().nonnegative().nullish(),
  currency: CarCurrencySchema.nullish(),
  formattedPrice: z.string().nullish(),
  countryId: z.string().nullish(),
  status: CarStatusSchema,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  /** Only on favourites (GET /cars/user/liked). */
  likedAt: TimestampSchema.optional(),
  dealerId: z.string().nullish(),
  sellerId: z.string().nullish(),
  sellerType: SellerTypeSchema,
  dealerName: z.string().nullish(),
  sellerName: z.string().nullish(),
  seller: z.object({ name: z.string() }).nullish(),
  dealerLocation: z.string().nullish(),
  sellerLocation: z.string().nullish(),
  dealerPhone: z.string().nullish(),
  sellerPhone: z.string().nullish(),
  dealerRating: z.number().min(0).max(5).nullish(),
  dealerReviews: z.number().int().nonnegative().nullish(),
  /** The price fell within the last PRICE_DROP_DAYS days; null otherwise. */
  priceDrop: PriceDropSchema.nullish(),
});
export type Car = z.infer<typeof CarSchema>;

// ---------------------------------------------------------------------------------------------------------
// Request schemas

export { MAX_MILEAGE, MAX_PRICE };
export const MAX_FEATURES = 50;
export const MAX_IMAGES = 30;
export const MAX_VIDEOS = 5;

/**
 * Field errors of a listing's writable fields (SPEC 5 'Add-car wizard'): the wizard shows them under its
 * inputs on Next, and the API answers with the same texts (requiredText words make, model and the colours
 * the same way).
 */
export const WIZARD_ERRORS = {
  make: 'Make is required',
  model: 'Model is required',
  year: 'Please enter a valid year',
  exteriorColor: 'Exterior colour is required',
  interiorColor: 'Interior colour is required',
  price: 'Price cannot be negative',
  mileage: 'Mileage is required',
  mileageNegative: 'Mileage cannot be negative',
  description: 'Description is required',
  descriptionShort: 'Description must be at least 20 characters long for a quality listing',
  seats: `Seats must be a whole number from ${MIN_SEATS} to ${MAX_SEATS}`,
} as const;

export const YearSchema = z
  .number(WIZARD_ERRORS.year)
  .int(WIZARD_ERRORS.year)
  .min(MIN_CAR_YEAR, WIZARD_ERRORS.year)
  .refine((year) => year <= maxCarYear(), WIZARD_ERRORS.year);

export const MileageSchema = z
  .number(WIZARD_ERRORS.mileage)
  .int('Mileage must be a whole number of kilometres')
  .min(0, WIZARD_ERRORS.mileageNegative)
  .max(MAX_MILEAGE, 'Mileage is too large');

export const SeatsSchema = z
  .number(WIZARD_ERRORS.seats)
  .int(WIZARD_ERRORS.seats)
  .min(MIN_SEATS, WIZARD_ERRORS.seats)
  .max(MAX_SEATS, WIZARD_ERRORS.seats);

export const PriceSchema = z
  .number('Price must be a number')
  .min(0, WIZARD_ERRORS.price)
  .max(MAX_PRICE, 'Price is too large');

/**
 * The wizard disables submit under 20 trimmed characters, but its final submit only refuses empty
 * ('Description Required') and under 10 characters ('Description Too Short'). The API applies the final
 * submit's rule: a stricter server would reject listings that the SPEC's client lets through.
 */
export const DESCRIPTION_MIN_LENGTH = 10;
export const DESCRIPTION_MAX_LENGTH = 5000;

/** SPEC 8: the final submit's description errors (the wizard shows them as dialog titles). */
export const DESCRIPTION_SUBMIT_ERRORS = {
  required: 'Description Required',
  tooShort: 'Description Too Short',
} as const;

export const DescriptionSchema = z
  .string(DESCRIPTION_SUBMIT_ERRORS.required)
  .trim()
  .min(1, DESCRIPTION_SUBMIT_ERRORS.required)
  .min(DESCRIPTION_MIN_LENGTH, DESCRIPTION_SUBMIT_ERRORS.tooShort)
  .max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`);

/** SPEC 5: features are trimmed, blank ones dropped and duplicates removed (case-insensitively). */
export const FeaturesSchema = z
  .array(z.string().trim().max(100, 'Feature names are at most 100 characters'))
  .max(MAX_FEATURES, `At most ${MAX_FEATURES} features`)
  .transform((features) => {
    const seen = new Set<string>();
    return features.filter((feature) => {
      const key = feature.toLowerCase();
      if (feature === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** A stored media key ('cars/{id}/...') or an absolute URL. */
export const MediaRefSchema = z.string().trim().min(1).max(2048);

const colourField = (label: string) => requiredText(label, 50);

/** The fields of a car a seller writes, without defaults, so that updates stay partial. */
const carWritableShape = {
  make: requiredText('Make', 50),
  model: requiredText('Model', 80),
  year: YearSchema,
  price: PriceSchema.nullable().optional(),
  mileage: MileageSchema,
  /** Omitted on create: the model's usual count (typicalSeats). */
  seats: SeatsSchema.optional(),
  fuelType: FuelTypeSchema,
  transmission: TransmissionSchema,
  bodyType: BodyTypeSchema,
  color: z.string().trim().max(50).optional(),
  exteriorColor: colourField('Exterior colour'),
  interiorColor: colourField('Interior colour'),
  description: DescriptionSchema,
  features: FeaturesSchema,
  condition: ConditionSchema,
  status: CarStatusSchema,
  images: z.array(MediaRefSchema).max(MAX_IMAGES, `At most ${MAX_IMAGES} images`),
  videos: z.array(MediaRefSchema).max(MAX_VIDEOS, `At most ${MAX_VIDEOS} videos`),
  /** The country the car is listed in; its currency becomes the car's. Omitted on create: Eswatini. */
  countryCode: CountryCodeSchema.optional(),
};

/**
 * SPEC 7 POST /cars. Defaults are SPEC 9's for a new car. The video is uploaded after the car exists
 * (SPEC 4 creation sequence), so `videos` may be empty here.
 */
export const CarCreateBodySchema = z.object({
  ...carWritableShape,
  fuelType: carWritableShape.fuelType.default(NEW_CAR_DEFAULTS.fuelType),
  transmission: carWritableShape.transmission.default(NEW_CAR_DEFAULTS.transmission),
  bodyType: carWritableShape.bodyType.default(NEW_CAR_DEFAULTS.bodyType),
  condition: carWritableShape.condition.default(NEW_CAR_DEFAULTS.condition),
  status: carWritableShape.status.default(NEW_CAR_DEFAULTS.status),
  features: carWritableShape.features.default([]),
  images: carWritableShape.images.default([]),
  videos: carWritableShape.videos.default([]),
});
export type CarCreateBody = z.infer<typeof CarCreateBodySchema>;
export type CarCreateBodyInput = z.input<typeof CarCreateBodySchema>;

/** SPEC 7: update takes a partial body (images, videos or status, or any other writable field). */
export const CarUpdateBodySchema = z
  .object(carWritableShape)
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to update');
export type CarUpdateBody = z.infer<typeof CarUpdateBodySchema>;

export const BULK_STATUS_MAX = 1000;

/** API-CONTRACT POST /cars/bulk-status: all of the caller's cars change, or none do. */
export const BulkStatusBodySchema = z.object({
  carIds: z
    .array(IdSchema)
    .min(1, 'Select at least one car')
    .max(BULK_STATUS_MAX, `At most ${BULK_STATUS_MAX} cars at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Car ids must be unique'),
  status: CarStatusSchema,
});
export type BulkStatusBody = z.infer<typeof BulkStatusBodySchema>;

export const BulkStatusResultSchema = z.object({ updated: z.number().int().nonnegative() });
export type BulkStatusResult = z.infer<typeof BulkStatusResultSchema>;

export const CAR_LIST_DEFAULT_LIMIT = 20;

/** API-CONTRACT GET /cars: the car query and its page. */
export const CarListQuerySchema = CarQuerySchema.safeExtend({
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(CAR_LIST_DEFAULT_LIMIT),
  ),
  cursor: z.preprocess(blankToUndefined, z.string().trim().max(512).optional()),
});
export type CarListQuery = z.infer<typeof CarListQuerySchema>;
export type CarListQueryInput = z.input<typeof CarListQuerySchema>;

/**
 * API-CONTRACT: `data: {cars, total, nextCursor}`; `nextCursor` is null on the last page. `totalEstimated` is true
 * when `total` is the database's estimate of a large set (shown as 'about 8,300 cars'); absent means a count.
 */
export const CarListResultSchema = z.object({
  cars: z.array(CarSchema),
  total: z.number().int().nonnegative(),
  totalEstimated: z.boolean().optional(),
  nextCursor: z.string().nullable(),
});
export type CarListResult = z.infer<typeof CarListResultSchema>;

/** SPEC 7 GET /cars/user/liked?page&limit (defaults 1 and 20). */
export const LikedCarsQuerySchema = pageQuerySchema(PAGE_SIZES.liked);
export type LikedCarsQuery = z.infer<typeof LikedCarsQuerySchema>;

/** API-CONTRACT GET /cars/user/liked: `data: {cars}` with `likedAt` on each car. */
export const LikedCarsResultSchema = z.object({
  cars: z.array(CarSchema.extend({ likedAt: TimestampSchema })),
  ...pageFields,
});
export type LikedCarsResult = z.infer<typeof LikedCarsResultSchema>;

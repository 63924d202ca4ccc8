import type {
  BulkStatusBody,
  CarCreateBody,
  CarListQuery,
  CarUpdateBody,
  LikedCarsQuery,
} from '@autoreel/core';
import { daysOnMarket, typicalSeats, type PriceHistory, type ReplyTime } from '@autoreel/core';
import { invalidInput, forbidden, notFound, type FieldError } from '../errors.ts';
import type {
  CarFilters,
  CarInsert,
  CarRecord,
  CarRepository,
  CarTotal,
  CarUpdate,
} from './car.repository.ts';
import { carListFilters, type CarScope } from './car-conditions.ts';
import type { CountryRepository } from '../accounts/country.repository.ts';
import type { DealerRepository } from '../dealers/dealer.repository.ts';
import type { AuthUser } from '../accounts/access-token.service.ts';
import { decodeCarCursor, encodeCarCursor, isUuid } from './car-cursor.ts';
import { TtlCache } from '../shared/ttl-cache.ts';
import { presentCar, type CarDto } from './car.presenter.ts';
import { mediaKeyFromRef, type MediaUrlConfig } from '../media/media-url.ts';

/** Removes stored files by key; the storage adapter provides it. Failures are logged, never undone. */
export type RemoveMediaFiles = (keys: string[]) => Promise<void>;
/** Maps uploaded video keys to their prepared files where preparation has already finished. */
export type PreferPreparedVideos = (keys: string[]) => Promise<string[]>;

export interface CarServiceOptions {
  cars: CarRepository;
  dealers: DealerRepository;
  config: MediaUrlConfig;
  now: () => Date;
  /** Until a storage adapter is wired, deleted cars only lose their media rows; the files stay on disk. */
  removeMediaFiles?: RemoveMediaFiles | undefined;
  onMediaRemovalError?: (error: unknown, keys: string[]) => void;
  /** Without it a car keeps whichever video key the client saved, prepared or not. */
  preferPreparedVideos?: PreferPreparedVideos | undefined;
  /** Told after every write to cars, so that caches of public answers forget them (see PublicAnswerCache). */
  onCarsChanged?: (() => void) | undefined;
  /** The countries a car may be listed in (the supported ones); without it a car keeps the default, Eswatini. */
  countries?: Pick<CountryRepository, 'findByCode'> | undefined;
  /** Counts a new listing against the seller's daily quota, refusing it when the day's are used. */
  takeListingSlot?: ((user: AuthUser) => Promise<void>) | undefined;
  /** A seller's reply time (a stored figure read by key); without it the detail answers null. */
  replyTimeOf?: ((sellerId: string) => Promise<ReplyTime>) | undefined;
}

/** The answer to a listing country the marketplace does not serve. */
export const UNSUPPORTED_LISTING_COUNTRY = 'Cars cannot be listed in this country yet';

/** Statuses the public lists show: sold and reserved cars stay reachable by id (shared links) but leave the lists. */
export const PUBLIC_STATUSES = ['active'];

export interface CarListAnswer {
  cars: CarDto[];
  total: number;
  /** True when `total` is the database's estimate of a large set ('about 8,300 cars'), not a count. */
  totalEstimated: boolean;
  nextCursor: string | null;
}

type ListingFields = Omit<CarCreateBody, 'images' | 'videos' | 'status'>;

/** Which listing fields a body sets, in column form. */
const DRAFT_GOES_LIVE_WITH_VIDEO =
  'A draft goes live once its video is added. Add the car’s video to publish it.';
const ONLY_IMPORTS_ARE_DRAFTS =
  'Only a CSV import makes drafts: a listed car can be active, reserved or sold.';

/** A draft's status is its video's to change, and only an import makes one: 400 for anything else. */
function checkStatusChange(from: string, to: string): void {
  if (from === 'draft')
    throw invalidInput(DRAFT_GOES_LIVE_WITH_VIDEO, [
      { field: 'status', message: DRAFT_GOES_LIVE_WITH_VIDEO },
    ]);
  if (to === 'draft')
    throw invalidInput(ONLY_IMPORTS_ARE_DRAFTS, [{ field: 'status', message: ONLY_IMPORTS_ARE_DRAFTS }]);
}

function listingColumns(body: Partial<ListingFields>): CarUpdate {
  const columns: CarUpdate = {};
  if (body.make !== undefined) columns.make = body.make;
  if (body.model !== undefined) columns.model = body.model;
  if (body.year !== undefined) columns.year = body.year;
  if (body.mileage !== undefined) columns.mileage = body.mileage;
  if (body.seats !== undefined) columns.seats = body.seats;
  if (body.fuelType !== undefined) columns.fuelType = body.fuelType;
  if (body.transmission !== undefined) columns.transmission = body.transmission;
  if (body.bodyType !== undefined) columns.bodyType = body.bodyType;
  if (body.condition !== undefined) columns.condition = body.condition;
  if (body.description !== undefined) columns.description = body.description;
  if (body.features !== undefined) columns.features = body.features;
  if (body.color !== undefined) columns.color = body.color || null;
  if (body.exteriorColor !== undefined) columns.exteriorColor = body.exteriorColor;
  if (body.interiorColor !== undefined) columns.interiorColor = body.interiorColor;
  // Price is optional in the wizard; empty means 'Contact for price', stored as 0 (SPEC 5).
  if (body.price !== undefined) columns.price = Math.round(body.price ?? 0);
  return columns;
}

/**
 * Car listings: the public catalogue, and create/update/delete by their seller.
 *
 * Who may change a car: its seller (the account that listed it), and an admin (moderation: taking down or
 * correcting a listing). Everyone else gets 403, since cars are public and their existence is no secret.
 * Bulk status changes only ever touch the caller's own cars, admins included.
 */
/** How long a counted total is reused (see CarService.#totals). */
export const TOTALS_TTL_MS = 5000;

export class CarService {
  readonly #cars: CarRepository;
  readonly #dealers: DealerRepository;
  readonly #config: MediaUrlConfig;
  readonly #now: () => Date;
  readonly #removeMediaFiles: RemoveMediaFiles | undefined;
  readonly #preferPreparedVideos: PreferPreparedVideos;
  readonly #onMediaRemovalError: (error: unknown, keys: string[]) => void;
  readonly #onCarsChanged: () => void;
  readonly #countries: Pick<CountryRepository, 'findByCode'> | undefined;
  readonly #takeListingSlot: (user: AuthUser) => Promise<void>;
  readonly #replyTimeOf: (sellerId: string) => Promise<ReplyTime>;
  /**
   * Counting every matching car is the dearest part of a list answer, and the figure only labels the list, so a
   * count is reused for a few seconds. This process's own writes clear it at once; another API process's writes
   * show within TOTALS_TTL_MS plus one count. Once a count expires, lists keep answering it while one request's
   * recount runs in the background, so no list waits for a count of the whole catalogue.
   */
  readonly #totals = new TtlCache<CarTotal>({ ttlMs: TOTALS_TTL_MS, maxEntries: 1000, serveStale: true });

  constructor(options: CarServiceOptions) {
    this.#cars = options.cars;
    this.#dealers = options.dealers;
    this.#config = options.config;
    this.#now = options.now;
    this.#removeMediaFiles = options.removeMediaFiles;
    this.#preferPreparedVideos = options.preferPreparedVideos ?? ((keys) => Promise.resolve(keys));
    this.#onCarsChanged = options.onCarsChanged ?? (() => undefined);
    this.#countries = options.countries;
    this.#takeListingSlot = options.takeListingSlot ?? (() => Promise.resolve());
    this.#replyTimeOf = options.replyTimeOf ?? (() => Promise.resolve(null));
    this.#onMediaRemovalError =
      options.onMediaRemovalError ??
      ((error, keys) => console.warn(`Could not delete media files ${keys.join(', ')}:`, error));
  }

  present(record: CarRecord): CarDto {
    return presentCar(record.car, record.joins, this.#config);
  }

  async list(query: CarListQuery, scope: CarScope = {}) {
    // The car query goes to the repository as the route read it; its page and the route's own fields stay here.
    const { sort, limit, cursor } = query;
    const filters: CarFilters = {
      ...carListFilters(query, this.#now()),
      statuses: PUBLIC_STATUSES,
      ...scope,
    };
    const after = cursor ? decodeCarCursor(cursor, sort) : null;
    // One preparation serves both: the catalogue index's count (or the planner's estimate) decides the page's
    // strategy and, when large, the total. The page goes first: it finds out when the index is behind the
    // catalogue, and then the total too is read by SQL.
    const page = await this.#cars.list(await this.#cars.prepare(filters), sort, limit, after);
    const counted = await this.#totals.get(JSON.stringify(filters), () =>
      // A seller's own inventory is counted exactly (up to TOTAL_COUNT_CAP); the public catalogue's large totals
      // are estimates.
      scope.sellerId !== undefined
        ? this.#cars.count(filters).then((total) => ({ total, estimated: false }))
        : this.#cars.total(page.prepared),
    );
    const last = page.records.at(-1);
    // A first page that holds every match is an exact count, whatever the estimate said.
    const { total, estimated } =
      !after && !page.hasMore ? { total: page.records.length, estimated: false } : counted;
    return {
      cars: page.records.map((record) => this.present(record)),
      total,
      totalEstimated: estimated,
      nextCursor: page.hasMore && last ? encodeCarCursor(sort, last.keyset) : null,
    } satisfies CarListAnswer;
  }

  async get(id: string): Promise<CarDto> {
    const record = isUuid(id) ? await this.#cars.findById(id) : null;
    // A suspended account's listing, and one hidden by moderation, are answered as if they did not exist.
    if (!record || record.car.hiddenAt || (await this.#cars.isSellerSuspended(record.car.sellerId))) {
      throw notFound('Car not found');
    }
    return this.present(record);
  }

  /** GET /cars/:id: the car and its seller's reply time; a draft (waiting for its video) is no one's to see yet. */
  async detail(id: string): Promise<CarDto & { replyTime: ReplyTime }> {
    const car = await this.get(id);
    if (car.status === 'draft') throw notFound('Car not found');
    return { ...car, replyTime: await this.#replyTimeOf(car.sellerId) };
  }

  /** The car's price points and time on the market, for whoever may see the car (else 404, as get()). */
  async priceHistory(id: string): Promise<PriceHistory> {
    const record = isUuid(id) ? await this.#cars.findById(id) : null;
    if (
      !record ||
      record.car.hiddenAt ||
      record.car.status === 'draft' ||
      (await this.#cars.isSellerSuspended(record.car.sellerId))
    ) {
      throw notFound('Car not found');
    }
    const points = await this.#cars.pricePoints(id);
    const listedAt = record.car.createdAt;
    return {
      points: points.map((point) => ({ price: point.price, at: point.at.toISOString() })),
      listedAt: listedAt.toISOString(),
      daysOnMarket: daysOnMarket(listedAt, this.#now()),
    };
  }

  async create(user: AuthUser, body: CarCreateBody): Promise<CarDto> {
    const account = await this.#sellerAccount(user);
    // The car's media folder is cars/{id}, which exists only once the car does (SPEC 4: create, upload, update).
    const mediaErrors: FieldError[] = [];
    if (body.images.length > 0)
      mediaErrors.push({ field: 'images', message: 'Upload images after the car is created' });
    if (body.videos.length > 0)
      mediaErrors.push({ field: 'videos', message: 'Upload videos after the car is created' });
    if (mediaErrors.length > 0) throw invalidInput(mediaErrors[0]?.message ?? 'Invalid media', mediaErrors);
    const row = await this.#listingRow(user, account, body, 'active');
    // Last, so a refused request (not a seller, a bad body) does not use up one of the day's listings.
    await this.#takeListingSlot(user);
    const id = await this.#cars.insert(row);
    this.#changed();
    return this.get(id);
  }

  /**
   * A CSV import's valid rows, created as drafts (waiting for their video) in one transaction: all of them or none.
   * Only a dealership imports; the rows were checked by the create body's schema (core's readImportRow).
   */
  async createDrafts(user: AuthUser, bodies: readonly CarCreateBody[]): Promise<string[]> {
    const account = await this.checkCanImport(user);
    const rows = await Promise.all(bodies.map((body) => this.#listingRow(user, account, body, 'draft')));
    const ids = await this.#cars.insertMany(rows);
    if (ids.length > 0) this.#changed();
    return ids;
  }

  /** Only a dealership imports cars from a CSV file: 403 for anyone else. */
  async checkCanImport(user: AuthUser) {
    const account = await this.#dealers.findSellerAccount(user.id);
    if (!account) throw notFound('Account not found');
    if (account.role !== 'dealer' || account.dealerId === null)
      throw forbidden('Only dealers can import cars from a CSV file.');
    return account;
  }

  /** The account that lists: a dealer, or a private seller; anyone else is refused. */
  async #sellerAccount(user: AuthUser) {
    const account = await this.#dealers.findSellerAccount(user.id);
    if (!account) throw notFound('Account not found');
    const asDealer = account.role === 'dealer' && account.dealerId !== null;
    if (!asDealer && !account.isPrivateSeller) {
      throw forbidden('Only dealers and private sellers can list cars. Apply to become a seller first.');
    }
    return account;
  }

  /** The row of a new listing from a checked create body. */
  async #listingRow(
    user: AuthUser,
    account: NonNullable<Awaited<ReturnType<DealerRepository['findSellerAccount']>>>,
    body: CarCreateBody,
    status: 'active' | 'draft',
  ): Promise<CarInsert> {
    const asDealer = account.role === 'dealer' && account.dealerId !== null;
    const columns = { ...listingColumns(body), ...(await this.#listingCountry(body.countryCode)) };
    return {
      ...columns,
      make: body.make,
      model: body.model,
      year: body.year,
      mileage: body.mileage,
      // A seller who does not say gets the model's usual count, so 'seven seats' searches still find the car.
      seats: body.seats ?? typicalSeats(body.make, body.model, body.bodyType),
      fuelType: body.fuelType,
      transmission: body.transmission,
      bodyType: body.bodyType,
      condition: body.condition,
      description: body.description,
      sellerId: user.id,
      dealerId: asDealer ? account.dealerId : null,
      sellerType: asDealer ? 'dealer' : 'private',
      status,
    };
  }

  /** Drops the reused totals; another process's write to cars calls it through its signal. */
  forgetCounts(): void {
    this.#totals.clear();
    this.#cars.forgetVocabulary();
  }

  /** Every write to cars ends here: counts and cached public answers must not outlive it. */
  #changed(): void {
    this.#totals.clear();
    this.#onCarsChanged();
  }

  async #findChangeable(user: AuthUser, id: string) {
    const car = isUuid(id) ? await this.#cars.findOwnership(id) : null;
    if (!car) throw notFound('Car not found');
    if (car.sellerId !== user.id && user.role !== 'admin')
      throw forbidden('You can only change your own cars');
    return car;
  }

  async update(user: AuthUser, id: string, body: CarUpdateBody): Promise<CarDto> {
    const owned = await this.#findChangeable(user, id);
    const current = await this.#cars.findById(id);
    if (!current) throw notFound('Car not found');
    if (body.status !== undefined && body.status !== current.car.status)
      checkStatusChange(current.car.status, body.status);
    const columns = { ...listingColumns(body), ...(await this.#listingCountry(body.countryCode)) };
    if (body.status !== undefined) columns.status = body.status;
    const already = new Set([...current.car.images, ...current.car.videos]);
    const images = body.images?.map((ref) => mediaKeyFromRef(ref, this.#config));
    const videos = body.videos?.map((ref) => mediaKeyFromRef(ref, this.#config));
    const fresh = [...(images ?? []), ...(videos ?? [])].filter((key) => !already.has(key));
    // New media must be files the seller uploaded into this car's folder: a key is not a licence to any file.
    const uploaded = new Map(
      (await this.#cars.findOwnedMedia(owned.sellerId, id, fresh)).map((media) => [media.key, media]),
    );
    const errors: FieldError[] = [];
    const check = (field: 'images' | 'videos', keys: string[] | undefined, kind: string) => {
      keys?.forEach((key, index) => {
        if (already.has(key)) return;
        const media = uploaded.get(key);
        if (!media)
          errors.push({ field: `${field}.${index}`, message: `Unknown media for this car: ${key}` });
        else if (media.kind !== kind)
          errors.push({
            field: `${field}.${index}`,
            message: `Not ${kind === 'image' ? 'an image' : 'a video'}: ${key}`,
          });
      });
    };
    check('images', images, 'image');
    check('videos', videos, 'video');
    if (errors.length > 0) throw invalidInput(errors[0]?.message ?? 'Invalid media', errors);
    if (images) columns.images = [...new Set(images)];
    if (videos) {
      // A video saved after its preparation finished points at the prepared file, not the raw upload.
      columns.videos = await this.#preferPreparedVideos([...new Set(videos)]);
      columns.videoStatus = this.#videoStatus(columns.videos, uploaded);
    }
    await this.#cars.update(id, columns, this.#now());
    this.#changed();
    return this.get(id);
  }

  /** The country and currency columns for a listing country the marketplace serves; none when none was sent. */
  async #listingCountry(code: string | undefined): Promise<Pick<CarUpdate, 'countryCode' | 'currency'>> {
    if (code === undefined) return {};
    const country = this.#countries ? await this.#countries.findByCode(code) : undefined;
    if (!country?.isSupported || !country.currencyCode) {
      throw invalidInput(UNSUPPORTED_LISTING_COUNTRY, [
        { field: 'countryCode', message: UNSUPPORTED_LISTING_COUNTRY },
      ]);
    }
    return { countryCode: country.code, currency: country.currencyCode };
  }

  /** A car plays its videos once every one of them is ready; media already on the car counts as ready. */
  #videoStatus(keys: string[], uploaded: Map<string, { status: string }>): string {
    if (keys.length === 0) return 'none';
    const statuses = keys.map((key) => uploaded.get(key)?.status ?? 'ready');
    if (statuses.includes('failed')) return 'failed';
    return statuses.every((status) => status === 'ready') ? 'ready' : 'processing';
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    await this.#findChangeable(user, id);
    const keys = await this.#cars.deleteWithMedia(id);
    this.#changed();
    if (keys.length > 0 && this.#removeMediaFiles) {
      // The rows are gone already; a file that fails to go is only wasted space, so the delete still succeeds.
      await this.#removeMediaFiles(keys).catch((error: unknown) => this.#onMediaRemovalError(error, keys));
    }
  }

  async bulkStatus(user: AuthUser, body: BulkStatusBody): Promise<{ updated: number }> {
    const ids = body.carIds;
    const unknown = ids.filter((id) => !isUuid(id));
    if (unknown.length > 0) throw notFound(`Car not found: ${unknown.join(', ')}`);
    if (body.status === 'draft') checkStatusChange('active', body.status);
    const result = await this.#cars.setStatusIfAllOwned(ids, user.id, body.status, this.#now());
    this.#changed();
    if ('updated' in result) return result;
    if ('drafts' in result)
      throw invalidInput(DRAFT_GOES_LIVE_WITH_VIDEO, [
        { field: 'carIds', message: DRAFT_GOES_LIVE_WITH_VIDEO },
      ]);
    const existing = await this.#cars.existingIds(result.notOwned);
    const missing = result.notOwned.filter((id) => !existing.has(id));
    if (missing.length > 0) throw notFound(`Car not found: ${missing.join(', ')}`);
    throw forbidden('You can only change your own cars; nothing was changed');
  }

  async liked(user: AuthUser, query: LikedCarsQuery) {
    const { records, total } = await this.#cars.listLiked(user.id, query.page, query.limit);
    return {
      cars: records.map((record) => ({ ...this.present(record), likedAt: record.likedAt.toISOString() })),
      page: query.page,
      limit: query.limit,
      total,
    };
  }
}

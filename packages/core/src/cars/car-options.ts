/**
 * The fixed option sets of SPEC 9. Schemas build their enums from these arrays so that the
 * API, the forms and the filter panel can never disagree about what a valid value is.
 */

/**
 * The wizard's body types, in the order the wizard shows them: SPEC 9's six, then Truck. The SPEC's list omits
 * Truck, but the filters, the demo cars and this market's best-selling vehicles (Hilux, Ranger, D-Max) are
 * pickups, so a seller must be able to list one as one (docs/DECISIONS.md).
 */
export const WIZARD_BODY_TYPES = [
  'Sedan',
  'SUV',
  'Hatchback',
  'Coupe',
  'Convertible',
  'Wagon',
  'Truck',
] as const;

/** Every body type a car may have: the wizard's seven. */
export const BODY_TYPES = WIZARD_BODY_TYPES;
export type BodyType = (typeof BODY_TYPES)[number];

/** What a body type is called on screen where the stored name is not the local word: a Truck is a bakkie here. */
export const BODY_TYPE_LABELS: Readonly<Partial<Record<BodyType, string>>> = { Truck: 'Bakkie / Pickup' };

export function bodyTypeLabel(bodyType: string): string {
  return BODY_TYPE_LABELS[bodyType as BodyType] ?? bodyType;
}

/** SPEC 9: the filter panel's body types (the wizard's six plus Truck). */
export const FILTER_BODY_TYPES = BODY_TYPES;

export const FUEL_TYPES = ['Petrol', 'Diesel', 'Electric', 'Hybrid'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const TRANSMISSIONS = ['Automatic', 'Manual'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];

export const CONDITIONS = ['New', 'Used', 'Certified Pre-Owned'] as const;
export type Condition = (typeof CONDITIONS)[number];

/**
 * A car's status. 'draft' is a car waiting for its video (a CSV import's row): out of every public answer, like a
 * sold one, until a video is added, which makes it active.
 */
export const CAR_STATUSES = ['active', 'sold', 'reserved', 'draft'] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];

/** The statuses a seller may choose for a car: a draft waits for its video, and only an import makes drafts. */
export function sellerStatusChoices(current: CarStatus): readonly CarStatus[] {
  return current === 'draft' ? ['draft'] : CAR_STATUSES.filter((status) => status !== 'draft');
}

export const CAR_STATUS_LABELS: Readonly<Record<CarStatus, string>> = {
  active: 'Active',
  sold: 'Sold',
  reserved: 'Reserved',
  draft: 'Draft',
};

export const SELLER_TYPES = ['dealer', 'private'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

/** SPEC 9: defaults for a new car. */
export const NEW_CAR_DEFAULTS = {
  fuelType: 'Petrol',
  transmission: 'Automatic',
  bodyType: 'Sedan',
  condition: 'Used',
  status: 'active',
} as const satisfies {
  fuelType: FuelType;
  transmission: Transmission;
  bodyType: BodyType;
  condition: Condition;
  status: CarStatus;
};

/**
 * Every order a car list can be read in, and its label in the sort selector: the one list of sorts (the schema's
 * enum and every sort's type come from it). A new sort is a line here, then its order in the API's SQL and in the
 * catalogue index, which the type checker asks for.
 */
export const CAR_SORT_OPTIONS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'mileage', label: 'Lowest Mileage' },
  { value: 'recently-reduced', label: 'Recently Reduced' },
] as const;
export type CarSort = (typeof CAR_SORT_OPTIONS)[number]['value'];

export const CAR_SORTS = CAR_SORT_OPTIONS.map((option) => option.value) as [CarSort, ...CarSort[]];

export const DEFAULT_CAR_SORT: CarSort = 'newest';

/** SPEC 9 wizard range: 1900 to the current year + 1 (next year's models are sold from mid-year). */
export const MIN_CAR_YEAR = 1900;

/** Computed at call time so that a long-running server accepts next year's models after New Year. */
export function maxCarYear(now: Date = new Date()): number {
  return now.getFullYear() + 1;
}

/** SPEC 5: quick year choices cover the last 15 years (quickYears in rules/wizard). */
export const QUICK_YEAR_COUNT = 15;

/** A price drop is shown (badge, 'Recently reduced') for this many days after it. */
export const PRICE_DROP_DAYS = 14;
const DAY_MS = 86_400_000;

/** Whole days since a car was listed, never negative. */
export function daysOnMarket(listedAt: string | Date, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(listedAt).getTime()) / DAY_MS));
}

/** The detail page's line: 'Listed today', 'Listed 1 day ago', 'Listed 12 days ago'. */
export function listedAgoText(days: number): string {
  if (days <= 0) return 'Listed today';
  return `Listed ${days} ${days === 1 ? 'day' : 'days'} ago`;
}

import type { CommuteDistance } from './lifestyle.ts';

/** SPEC 9 preference and quiz constants. Amounts are in the current country's currency. */

export interface AmountOption {
  readonly value: number;
  readonly label: string;
}

/** SPEC 9: preference mileage caps, in km. */
export const PREFERENCE_MILEAGE_CAPS: readonly AmountOption[] = [
  { value: 50_000, label: 'Under 50k km' },
  { value: 100_000, label: 'Under 100k km' },
  { value: 150_000, label: 'Under 150k km' },
  { value: 200_000, label: 'Under 200k km' },
];

/** SPEC 9: preference budget options (maximum price). */
export const PREFERENCE_BUDGET_OPTIONS: readonly AmountOption[] = [
  { value: 500_000, label: 'Under E500k' },
  { value: 1_000_000, label: 'Under E1M' },
  { value: 2_000_000, label: 'Under E2M' },
];

export interface BudgetPreset {
  readonly id: string;
  readonly min: number;
  readonly max: number;
  readonly label: string;
  /** What the band typically buys, shown under the quiz option. */
  readonly description: string;
}

/**
 * SPEC 9 quiz budget presets (prefix E). The top band is 1.38M-2.76M but reads '1.38M+', since almost
 * nothing on the lot costs more.
 */
export const QUIZ_BUDGET_PRESETS: readonly BudgetPreset[] = [
  {
    id: 'under-460k',
    min: 0,
    max: 460_000,
    label: 'Under E460k',
    description: 'First cars, city runabouts and budget bakkies',
  },
  {
    id: '460k-920k',
    min: 460_000,
    max: 920_000,
    label: 'E460k - E920k',
    description: 'Popular SUVs, double cabs and family sedans',
  },
  {
    id: '920k-1.38m',
    min: 920_000,
    max: 1_380_000,
    label: 'E920k - E1.38M',
    description: 'Premium sedans and larger SUVs',
  },
  {
    id: '1.38m-plus',
    min: 1_380_000,
    max: 2_760_000,
    label: 'E1.38M+',
    description: 'Luxury, performance and top-spec 4x4s',
  },
];

/** SPEC 9 default quiz budgets: 0 to 100000 on the page, 0 to 2,000,000 in the modal. */
export const DEFAULT_QUIZ_BUDGET = {
  page: { min: 0, max: 100_000 },
  modal: { min: 0, max: 2_000_000 },
} as const;

export interface CommuteBand {
  readonly value: CommuteDistance;
  readonly label: string;
  /** Inclusive lower bound, in `unit`. */
  readonly min: number;
  /** Exclusive upper bound, in `unit`; null for the open top band. */
  readonly max: number | null;
  readonly unit: 'mi' | 'km';
}

/** SPEC 9: the quiz page asks in miles, the modal in km; both map to the same three distances. */
export const COMMUTE_BANDS: Readonly<Record<'page' | 'modal', readonly CommuteBand[]>> = {
  page: [
    { value: 'short', label: 'Under 20 miles', min: 0, max: 20, unit: 'mi' },
    { value: 'medium', label: '20-50 miles', min: 20, max: 50, unit: 'mi' },
    { value: 'long', label: '50+ miles', min: 50, max: null, unit: 'mi' },
  ],
  modal: [
    { value: 'short', label: 'Under 30 km', min: 0, max: 30, unit: 'km' },
    { value: 'medium', label: '30-80 km', min: 30, max: 80, unit: 'km' },
    { value: 'long', label: '80+ km', min: 80, max: null, unit: 'km' },
  ],
};

/** SPEC 9: answering a quiz option advances after this delay. */
export const QUIZ_AUTO_ADVANCE_MS = 300;

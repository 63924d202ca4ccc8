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

/** The currency amounts are shown in: its ISO code (to scale the presets) and its symbol. */
export interface QuizCurrency {
  readonly code?: string | null;
  readonly symbol: string;
}

/**
 * About how many lilangeni (at par with the rand) one unit of each supported country's currency buys, rounded.
 * The presets only need the right order of magnitude: a buyer in the United States sees '$25k', not 'E460k'.
 */
export const LILANGENI_PER_UNIT: Readonly<Record<string, number>> = {
  SZL: 1,
  ZAR: 1,
  USD: 18,
  CAD: 13,
  AUD: 12,
  GBP: 23,
  EUR: 20,
};

/** The currencies a buyer may pick amounts in: those with a rate above, so they can be compared and shown. */
export const BUYER_CURRENCY_CODES: readonly string[] = Object.keys(LILANGENI_PER_UNIT);

/** Whether `code` (any case) is one of BUYER_CURRENCY_CODES. */
export function isBuyerCurrency(code: string | null | undefined): boolean {
  return typeof code === 'string' && Object.hasOwn(LILANGENI_PER_UNIT, code.toUpperCase());
}

/**
 * An amount of `code` in lilangeni, the catalogue's pricing currency (the rand is at par), so a budget picked in
 * dollars is compared with cars priced in lilangeni. Unknown currencies are taken as lilangeni.
 */
export function inLilangeni(amount: number, code: string | null | undefined): number {
  return Math.round(amount * (LILANGENI_PER_UNIT[(code ?? '').toUpperCase()] ?? 1));
}

/** SPEC 9 quiz budget bands in lilangeni, and what each typically buys. */
const BUDGET_BANDS = [
  { id: 'under-460k', min: 0, max: 460_000, description: 'First cars, city runabouts and budget bakkies' },
  { id: '460k-920k', min: 460_000, max: 920_000, description: 'Popular SUVs, double cabs and family sedans' },
  { id: '920k-1.38m', min: 920_000, max: 1_380_000, description: 'Premium sedans and larger SUVs' },
  { id: '1.38m-plus', min: 1_380_000, max: 2_760_000, description: 'Luxury, performance and top-spec 4x4s' },
] as const;

/** A lilangeni amount in `currency`, kept to two significant figures so a preset reads as a round number. */
function inCurrency(amount: number, currency: QuizCurrency): number {
  const rate = LILANGENI_PER_UNIT[(currency.code ?? '').toUpperCase()] ?? 1;
  if (rate === 1 || amount === 0) return amount;
  const value = amount / rate;
  const step = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / step) * step;
}

/** 460000 -> '460k', 1380000 -> '1.38M'. */
export function shortAmount(amount: number): string {
  if (amount >= 1_000_000) return `${Number((amount / 1_000_000).toFixed(2))}M`;
  if (amount >= 1_000) return `${Number((amount / 1_000).toFixed(1))}k`;
  return String(amount);
}

/**
 * SPEC 9 quiz budget presets in the buyer's currency (prefix E for Eswatini, R for South Africa, which share the
 * amounts; other currencies scaled). The top band reaches twice its floor but reads '1.38M+', since almost nothing
 * on the lot costs more.
 */
export function quizBudgetPresets(currency: QuizCurrency = { code: 'SZL', symbol: 'E' }): BudgetPreset[] {
  const money = (amount: number) => `${currency.symbol}${shortAmount(amount)}`;
  return BUDGET_BANDS.map((band, index) => {
    const min = inCurrency(band.min, currency);
    const max = inCurrency(band.max, currency);
    const label =
      index === 0
        ? `Under ${money(max)}`
        : index === BUDGET_BANDS.length - 1
          ? `${money(min)}+`
          : `${money(min)} - ${money(max)}`;
    return { id: band.id, min, max, label, description: band.description };
  });
}

/** SPEC 9 quiz budget presets (prefix E). */
export const QUIZ_BUDGET_PRESETS: readonly BudgetPreset[] = quizBudgetPresets();

/** SPEC 9 default quiz budgets: 0 to 100000 on the page, 0 to 2,000,000 in the modal. */
export const DEFAULT_QUIZ_BUDGET = {
  page: { min: 0, max: 100_000 },
  modal: { min: 0, max: 2_000_000 },
} as const;

/** The default budget in the buyer's currency. */
export function defaultQuizBudget(variant: 'page' | 'modal', currency?: QuizCurrency) {
  const budget = DEFAULT_QUIZ_BUDGET[variant];
  return currency ? { min: 0, max: inCurrency(budget.max, currency) } : { ...budget };
}

export interface CommuteBand {
  readonly value: CommuteDistance;
  readonly label: string;
  /** Inclusive lower bound, in km. */
  readonly min: number;
  /** Exclusive upper bound, in km; null for the open top band. */
  readonly max: number | null;
  readonly unit: 'km';
}

const KM_COMMUTE_BANDS: readonly CommuteBand[] = [
  { value: 'short', label: 'Under 30 km', min: 0, max: 30, unit: 'km' },
  { value: 'medium', label: '30-80 km', min: 30, max: 80, unit: 'km' },
  { value: 'long', label: '80+ km', min: 80, max: null, unit: 'km' },
];

/**
 * Both quizzes ask in km, the marketplace's unit (listings, filters and search all use it). SPEC 9 gave the page
 * miles (under 20, 20-50, 50+): the old app's leftover, replaced by the modal's km bands.
 */
export const COMMUTE_BANDS: Readonly<Record<'page' | 'modal', readonly CommuteBand[]>> = {
  page: KM_COMMUTE_BANDS,
  modal: KM_COMMUTE_BANDS,
};

/** SPEC 9: answering a quiz option advances after this delay. */
export const QUIZ_AUTO_ADVANCE_MS = 300;

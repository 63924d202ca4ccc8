/**
 * What a car costs a month on finance: the ordinary amortisation formula, with a deposit, a term of 12 to 96
 * months, an annual interest rate and, where the country's lenders offer one, a balloon (a final lump sum left
 * to pay at the end of the term, which lowers the monthly instalment). Every figure is an ESTIMATE: real offers
 * depend on the lender, the buyer's credit and fees this leaves out (initiation and monthly service fees,
 * insurance). The defaults per country below are round figures chosen for the estimate, not quoted from any
 * lender; they are configurable by passing other terms (docs/cars-and-dealers.md 'Finance estimate').
 */

export const FINANCE_MIN_MONTHS = 12;
export const FINANCE_MAX_MONTHS = 96;
/** The terms a buyer can pick, a year apart. */
export const FINANCE_TERMS: readonly number[] = [12, 24, 36, 48, 60, 72, 84, 96];
/** An interest rate above this is no car loan; the calculator refuses it. */
export const FINANCE_MAX_RATE_PERCENT = 40;

export interface FinanceTerms {
  /** The car's price, in its currency. */
  price: number;
  /** Paid up front; 0 to the price. */
  deposit: number;
  /** 12 to 96. */
  months: number;
  /** Nominal annual rate, compounded monthly (12 means 1% a month). */
  annualRatePercent: number;
  /** The balloon as a share of the price, 0 when none; paid at the end, on top of the last instalment. */
  balloonPercent: number;
}

export interface FinanceEstimate {
  /** The monthly instalment, rounded to cents. */
  monthly: number;
  /** The amount borrowed: price less deposit. */
  financed: number;
  /** The balloon owed at the end. */
  balloon: number;
  /** Every instalment, plus the balloon. */
  totalRepaid: number;
  /** What the loan costs beyond the amount borrowed. */
  totalInterest: number;
}

/** How a country's car loans are estimated: the usual rate, term and deposit, and whether a balloon is offered. */
export interface FinanceDefaults {
  annualRatePercent: number;
  months: number;
  depositPercent: number;
  /** The largest balloon offered, as a share of the price; 0 where lenders do not offer one. */
  maxBalloonPercent: number;
  balloonPercent: number;
}

/**
 * Each marketplace country's defaults, by ISO code. Round estimates, no lender's published rate (configurable):
 * - ZA: prime plus about 2.5 points; 72 months; balloons are common (up to 40% of the price), default none.
 * - SZ (Eswatini): its prime runs with South Africa's through the Common Monetary Area, and its banks are largely
 *   the South African banks' own, which offer residual (balloon) finance too: we offer a balloon up to 30% of the
 *   price, default none; 60 months.
 * - GB and DE offer balloon-style finance (PCP, Schlussrate) up to 40%; US, CA, FR and AU loans are estimated without
 *   one here.
 * Any other country uses Eswatini's (the marketplace's home).
 */
export const FINANCE_DEFAULTS: Readonly<Record<string, FinanceDefaults>> = {
  SZ: { annualRatePercent: 13.5, months: 60, depositPercent: 10, maxBalloonPercent: 30, balloonPercent: 0 },
  ZA: { annualRatePercent: 13.25, months: 72, depositPercent: 10, maxBalloonPercent: 40, balloonPercent: 0 },
  US: { annualRatePercent: 7.5, months: 60, depositPercent: 10, maxBalloonPercent: 0, balloonPercent: 0 },
  GB: { annualRatePercent: 9.9, months: 48, depositPercent: 10, maxBalloonPercent: 40, balloonPercent: 0 },
  DE: { annualRatePercent: 6.9, months: 48, depositPercent: 10, maxBalloonPercent: 40, balloonPercent: 0 },
  FR: { annualRatePercent: 6.5, months: 48, depositPercent: 10, maxBalloonPercent: 0, balloonPercent: 0 },
  CA: { annualRatePercent: 8, months: 72, depositPercent: 10, maxBalloonPercent: 0, balloonPercent: 0 },
  AU: { annualRatePercent: 9, months: 60, depositPercent: 10, maxBalloonPercent: 0, balloonPercent: 0 },
};

/** The country whose defaults are used when none is known: Eswatini. */
export const FINANCE_HOME_COUNTRY = 'SZ';

/** Which country lends in a currency (ISO 4217), for a car priced in it. */
const COUNTRY_OF_CURRENCY: Readonly<Record<string, string>> = {
  SZL: 'SZ',
  ZAR: 'ZA',
  USD: 'US',
  GBP: 'GB',
  EUR: 'DE',
  CAD: 'CA',
  AUD: 'AU',
};

/** A country's defaults (any case), else Eswatini's. */
export function financeDefaults(countryCode?: string | null): FinanceDefaults {
  return FINANCE_DEFAULTS[(countryCode ?? '').toUpperCase()] ?? FINANCE_DEFAULTS[FINANCE_HOME_COUNTRY]!;
}

/** The lending country of a price's currency code, else Eswatini. */
export function financeCountryOfCurrency(code?: string | null): string {
  return COUNTRY_OF_CURRENCY[(code ?? '').toUpperCase()] ?? FINANCE_HOME_COUNTRY;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** Why the terms cannot be estimated, or null when they can. */
export function financeTermsProblem(terms: FinanceTerms): string | null {
  const { price, deposit, months, annualRatePercent, balloonPercent } = terms;
  if (!Number.isFinite(price) || price <= 0) return 'The car has no price to finance';
  if (!Number.isFinite(deposit) || deposit < 0) return 'The deposit cannot be negative';
  if (deposit >= price) return 'The deposit must be less than the price';
  if (!Number.isInteger(months) || months < FINANCE_MIN_MONTHS || months > FINANCE_MAX_MONTHS)
    return `The term must be ${FINANCE_MIN_MONTHS} to ${FINANCE_MAX_MONTHS} months`;
  if (
    !Number.isFinite(annualRatePercent) ||
    annualRatePercent < 0 ||
    annualRatePercent > FINANCE_MAX_RATE_PERCENT
  )
    return `The interest rate must be 0% to ${FINANCE_MAX_RATE_PERCENT}%`;
  if (!Number.isFinite(balloonPercent) || balloonPercent < 0) return 'The balloon cannot be negative';
  if ((price * balloonPercent) / 100 > price - deposit)
    return 'The balloon cannot be more than the amount financed';
  return null;
}

/**
 * The monthly instalment of an annuity loan with a balloon: with P the amount financed (price - deposit), B the
 * balloon, r the monthly rate (annual / 12 / 100) and n the months,
 *
 *   payment = (P - B / (1 + r)^n) x r / (1 - (1 + r)^-n),
 *
 * which is the textbook P x r / (1 - (1 + r)^-n) when there is no balloon, and (P - B) / n at 0%. Throws on terms
 * `financeTermsProblem` refuses.
 */
export function financeEstimate(terms: FinanceTerms): FinanceEstimate {
  const problem = financeTermsProblem(terms);
  if (problem) throw new RangeError(problem);
  const financed = terms.price - terms.deposit;
  const balloon = (terms.price * terms.balloonPercent) / 100;
  const n = terms.months;
  const r = terms.annualRatePercent / 12 / 100;
  const exact =
    r === 0 ? (financed - balloon) / n : ((financed - balloon / (1 + r) ** n) * r) / (1 - (1 + r) ** -n);
  const monthly = cents(exact);
  const totalRepaid = cents(monthly * n + balloon);
  return {
    monthly,
    financed,
    balloon: cents(balloon),
    totalRepaid,
    totalInterest: cents(totalRepaid - financed),
  };
}

/** The monthly instalment alone. */
export function monthlyPayment(terms: FinanceTerms): number {
  return financeEstimate(terms).monthly;
}

/**
 * Amounts as a buyer reads them. Cars are priced, and budgets compared, in lilangeni (the catalogue's currency);
 * text written for a buyer who picked amounts in another currency (the quiz's reasons and summary) shows them in
 * that currency, converted at the same rates the quiz's presets are scaled by.
 */
import { DEFAULT_COUNTRY, DEFAULT_CURRENCY_SYMBOL, FALLBACK_COUNTRIES } from '../shared/index.ts';
import { isBuyerCurrency, LILANGENI_PER_UNIT } from './preferences.ts';
import { formatAmount } from '../money/index.ts';

/** A currency amounts are shown in: its ISO code, its symbol and how many lilangeni one unit buys. */
export interface BuyerCurrency {
  readonly code: string;
  readonly symbol: string;
  readonly lilangeniPerUnit: number;
}

const MARKETPLACE_CODE = DEFAULT_COUNTRY.currency?.code ?? 'SZL';

/**
 * The currency of `code` (any case) when it is one of BUYER_CURRENCY_CODES, else the marketplace's lilangeni ('E').
 * Symbols are the built-in countries' ('$', '£', 'R'), as the country list gives them for the quiz's presets.
 */
export function buyerCurrency(code?: string | null): BuyerCurrency {
  const upper = (code ?? '').toUpperCase();
  const known = isBuyerCurrency(upper) ? upper : MARKETPLACE_CODE;
  const country = FALLBACK_COUNTRIES.find((c) => c.currency?.code === known);
  return {
    code: known,
    symbol: country?.currency?.symbol ?? DEFAULT_CURRENCY_SYMBOL,
    lilangeniPerUnit: LILANGENI_PER_UNIT[known] ?? 1,
  };
}

/**
 * A lilangeni amount in `currency`, symbol first: 'E450,000', or '$25,000' for a buyer in dollars. Converted
 * amounts are whole units, since the rates are rounded; lilangeni and rand amounts are shown as they are.
 */
export function buyerMoney(lilangeni: number, currency: Omit<BuyerCurrency, 'code'>): string {
  const rate = currency.lilangeniPerUnit;
  const amount = rate === 1 ? lilangeni : Math.round(lilangeni / rate);
  return `${currency.symbol}${formatAmount(amount)}`;
}

/**
 * How a car's price is shown on cards, the detail page and the chat strip (SPEC 9 'Price display').
 *
 * Format: the symbol is written straight against the grouped number, 'E450,000', because the SPEC describes the
 * display as "currency plus the number" with 'E' as a prefix, and the country formatter's answers have no space.
 */
import { DEFAULT_CURRENCY_SYMBOL } from '../shared/index.ts';
import { groupDigits } from '../text/index.ts';

/** Shown instead of a number when no price was set (SPEC 5 and 9). */
export const CONTACT_FOR_PRICE = 'Contact for price';
/** The chat strip's wording for a missing price (SPEC 9 'Media and messaging'). */
export const PRICE_ON_REQUEST = 'Price on request';

/** The price fields of a car (and of a conversation's car); the full Car type fits it. */
export interface PricedCar {
  price?: number | null;
  currency?: string | { symbol?: string | null } | null;
  formattedPrice?: string | null;
}

/** The symbol for a car's currency: a plain string is the symbol itself; an object gives its symbol. */
export function currencySymbol(currency: PricedCar['currency']): string {
  const symbol = typeof currency === 'string' ? currency : currency?.symbol;
  const trimmed = symbol?.trim();
  return trimmed ? trimmed : DEFAULT_CURRENCY_SYMBOL;
}

/** Groups thousands with commas; cents are kept only when there are some, since car prices are usually whole. */
export function formatAmount(amount: number): string {
  // Whole amounts, as car prices almost always are, have no cents to write.
  if (Number.isSafeInteger(amount)) return groupDigits(amount);
  const fixed = Math.round(amount * 100) / 100;
  const [whole = '0', cents] = Math.abs(fixed).toFixed(2).split('.');
  const grouped = groupDigits(Number(whole));
  const sign = fixed < 0 ? '-' : '';
  return cents === '00' ? `${sign}${grouped}` : `${sign}${grouped}.${cents}`;
}

/**
 * A price that can be shown as a number. Zero means 'not set' in the wizard (SPEC 5); negative or non-finite
 * values can only come from bad data and are treated the same way rather than shown.
 */
export function hasPrice(price: number | null | undefined): price is number {
  return typeof price === 'number' && Number.isFinite(price) && price > 0;
}

function presetText(car: PricedCar): string | null {
  const preset = car.formattedPrice?.trim();
  return preset ? preset : null;
}

/** Price text for cards and the detail page: formattedPrice, else 'Contact for price', else symbol + number. */
export function displayPrice(car: PricedCar): string {
  const preset = presetText(car);
  if (preset) return preset;
  if (!hasPrice(car.price)) return CONTACT_FOR_PRICE;
  return `${currencySymbol(car.currency)}${formatAmount(car.price)}`;
}

/** Price text for the chat's car strip: as displayPrice, but a missing price reads 'Price on request'. */
export function chatPrice(car: PricedCar | null | undefined): string {
  if (!car) return PRICE_ON_REQUEST;
  const preset = presetText(car);
  if (preset) return preset;
  if (!hasPrice(car.price)) return PRICE_ON_REQUEST;
  return `${currencySymbol(car.currency)}${formatAmount(car.price)}`;
}

/** The badge of a car whose price fell: 'Price drop E35,000'. */
export function priceDropLabel(amount: number, currency: PricedCar['currency']): string {
  return `Price drop ${currencySymbol(currency)}${formatAmount(amount)}`;
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY_SYMBOL } from '../shared/index.ts';
import {
  CONTACT_FOR_PRICE,
  PRICE_ON_REQUEST,
  chatPrice,
  currencySymbol,
  displayPrice,
  formatAmount,
  priceDropLabel,
  hasPrice,
} from './price.ts';

describe('displayPrice', () => {
  it('uses formattedPrice when set', () => {
    expect(displayPrice({ price: 450000, formattedPrice: 'E 450 000,00' })).toBe('E 450 000,00');
    expect(displayPrice({ price: 0, formattedPrice: 'SZL 1' })).toBe('SZL 1');
  });

  it('ignores a blank formattedPrice', () => {
    expect(displayPrice({ price: 450000, formattedPrice: '   ' })).toBe('E450,000');
    expect(displayPrice({ price: 450000, formattedPrice: null })).toBe('E450,000');
  });

  it("reads 'Contact for price' when the price is 0 or missing", () => {
    expect(CONTACT_FOR_PRICE).toBe('Contact for price');
    expect(displayPrice({ price: 0 })).toBe('Contact for price');
    expect(displayPrice({})).toBe('Contact for price');
    expect(displayPrice({ price: null })).toBe('Contact for price');
    expect(displayPrice({ price: -5 })).toBe('Contact for price');
    expect(displayPrice({ price: Number.NaN })).toBe('Contact for price');
  });

  it("prefixes the default 'E' without a space", () => {
    expect(DEFAULT_CURRENCY_SYMBOL).toBe('E');
    expect(displayPrice({ price: 450000 })).toBe('E450,000');
    expect(displayPrice({ price: 1 })).toBe('E1');
    expect(displayPrice({ price: 999 })).toBe('E999');
    expect(displayPrice({ price: 1000 })).toBe('E1,000');
    expect(displayPrice({ price: 1234567 })).toBe('E1,234,567');
  });

  it('uses a string currency or the symbol of a currency object', () => {
    expect(displayPrice({ price: 250000, currency: 'R' })).toBe('R250,000');
    expect(displayPrice({ price: 250000, currency: { symbol: '$' } })).toBe('$250,000');
    expect(displayPrice({ price: 250000, currency: {} })).toBe('E250,000');
    expect(displayPrice({ price: 250000, currency: '' })).toBe('E250,000');
  });
});

describe('chatPrice', () => {
  it("reads 'Price on request' for a missing price", () => {
    expect(PRICE_ON_REQUEST).toBe('Price on request');
    expect(chatPrice({})).toBe('Price on request');
    expect(chatPrice({ price: 0 })).toBe('Price on request');
    expect(chatPrice(null)).toBe('Price on request');
    expect(chatPrice(undefined)).toBe('Price on request');
  });

  it('otherwise shows the same text as the card', () => {
    expect(chatPrice({ price: 450000 })).toBe('E450,000');
    expect(chatPrice({ price: 450000, currency: { symbol: 'R' } })).toBe('R450,000');
    expect(chatPrice({ formattedPrice: 'E1' })).toBe('E1');
  });
});

describe('helpers', () => {
  it('formats amounts', () => {
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(12345.5)).toBe('12,345.50');
    expect(formatAmount(-1500)).toBe('-1,500');
    expect(formatAmount(100000.004)).toBe('100,000');
  });

  it('picks the currency symbol', () => {
    expect(currencySymbol(null)).toBe('E');
    expect(currencySymbol(undefined)).toBe('E');
    expect(currencySymbol(' R ')).toBe('R');
    expect(currencySymbol({ symbol: null })).toBe('E');
  });

  it('knows when a price is set', () => {
    expect(hasPrice(1)).toBe(true);
    expect(hasPrice(0)).toBe(false);
    expect(hasPrice(Infinity)).toBe(false);
    expect(hasPrice(undefined)).toBe(false);
  });
});

describe('priceDropLabel', () => {
  it('names the fall with the currency symbol and grouped digits', () => {
    expect(priceDropLabel(35_000, { symbol: 'E' })).toBe('Price drop E35,000');
    expect(priceDropLabel(500, 'R')).toBe('Price drop R500');
  });
});

import { describe, expect, it } from 'vitest';
import { BUYER_CURRENCY_CODES } from './preferences.ts';
import { buyerCurrency, buyerMoney } from './buyer-money.ts';

describe('buyerCurrency', () => {
  it('gives a known code its symbol and rate, in any case', () => {
    expect(buyerCurrency('usd')).toEqual({ code: 'USD', symbol: '$', lilangeniPerUnit: 18 });
    expect(buyerCurrency('ZAR')).toEqual({ code: 'ZAR', symbol: 'R', lilangeniPerUnit: 1 });
    expect(buyerCurrency('GBP').symbol).toBe('£');
  });

  it("falls back to the marketplace's lilangeni without a known code", () => {
    const lilangeni = { code: 'SZL', symbol: 'E', lilangeniPerUnit: 1 };
    for (const code of [undefined, null, '', 'JPY', 'toString'])
      expect(buyerCurrency(code)).toEqual(lilangeni);
  });

  it('has a symbol of its own for every currency a buyer may pick', () => {
    for (const code of BUYER_CURRENCY_CODES) {
      expect(buyerCurrency(code).code).toBe(code);
      if (code !== 'SZL') expect(buyerCurrency(code).symbol).not.toBe('E');
    }
  });
});

describe('buyerMoney', () => {
  it('converts lilangeni at the rate, to whole units', () => {
    expect(buyerMoney(504_000, buyerCurrency('USD'))).toBe('$28,000');
    expect(buyerMoney(150_000, buyerCurrency('USD'))).toBe('$8,333');
    expect(buyerMoney(460_000, buyerCurrency('EUR'))).toBe('€23,000');
  });

  it('shows lilangeni and rand amounts as they are', () => {
    expect(buyerMoney(450_000, buyerCurrency())).toBe('E450,000');
    expect(buyerMoney(1_250.5, buyerCurrency('ZAR'))).toBe('R1,250.50');
  });
});

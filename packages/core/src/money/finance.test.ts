import { describe, expect, it } from 'vitest';
import {
  FINANCE_DEFAULTS,
  financeCountryOfCurrency,
  financeDefaults,
  financeEstimate,
  financeTermsProblem,
  monthlyPayment,
} from './finance.ts';

const terms = (over: Partial<Parameters<typeof monthlyPayment>[0]> = {}) => ({
  price: 100_000,
  deposit: 0,
  months: 60,
  annualRatePercent: 12,
  balloonPercent: 0,
  ...over,
});

describe('monthlyPayment: published amortisation examples', () => {
  it('100,000 at 12% over 60 months is 2,224.44 a month', () => {
    // r = 0.12 / 12 = 0.01; (1.01)^60 = 1.8166967; 1 - 1/1.8166967 = 0.4495503;
    // 100,000 x 0.01 / 0.4495503 = 2,224.44.
    expect(monthlyPayment(terms())).toBe(2224.44);
  });

  it('20,000 at 6% over 60 months is 386.66 a month', () => {
    // r = 0.005; (1.005)^60 = 1.3488502; 1 - 1/1.3488502 = 0.2586278; 20,000 x 0.005 / 0.2586278 = 386.66.
    expect(monthlyPayment(terms({ price: 20_000, annualRatePercent: 6 }))).toBe(386.66);
  });

  it('takes the deposit off the amount financed', () => {
    // 120,000 with a 20,000 deposit is the 100,000 loan above.
    expect(monthlyPayment(terms({ price: 120_000, deposit: 20_000 }))).toBe(2224.44);
  });

  it('lowers the instalment by a balloon paid at the end', () => {
    // 300,000, 30,000 deposit, 30% balloon (90,000), 11.75% over 72 months: r = 0.0097917; (1 + r)^72 = 2.0169184;
    // the balloon's present value 90,000 / 2.0169184 = 44,622.53; (270,000 - 44,622.53) x r / (1 - 1/2.0169184)
    // = 4,376.93.
    const estimate = financeEstimate({
      price: 300_000,
      deposit: 30_000,
      months: 72,
      annualRatePercent: 11.75,
      balloonPercent: 30,
    });
    expect(estimate.monthly).toBe(4376.93);
    expect(estimate.balloon).toBe(90_000);
    expect(estimate.financed).toBe(270_000);
    expect(estimate.totalRepaid).toBe(4376.93 * 72 + 90_000);
    expect(estimate.totalInterest).toBeCloseTo(4376.93 * 72 + 90_000 - 270_000, 2);
    const without = monthlyPayment({
      price: 300_000,
      deposit: 30_000,
      months: 72,
      annualRatePercent: 11.75,
      balloonPercent: 0,
    });
    expect(without).toBeGreaterThan(estimate.monthly);
  });

  it('divides evenly at 0%', () => {
    expect(monthlyPayment(terms({ price: 120_000, months: 24, annualRatePercent: 0 }))).toBe(5000);
    expect(
      monthlyPayment(terms({ price: 120_000, months: 24, annualRatePercent: 0, balloonPercent: 20 })),
    ).toBe(4000);
  });

  it('refuses terms no lender offers', () => {
    expect(financeTermsProblem(terms({ months: 6 }))).toBe('The term must be 12 to 96 months');
    expect(financeTermsProblem(terms({ months: 120 }))).toBe('The term must be 12 to 96 months');
    expect(financeTermsProblem(terms({ deposit: 100_000 }))).toBe('The deposit must be less than the price');
    expect(financeTermsProblem(terms({ price: 0 }))).toBe('The car has no price to finance');
    expect(financeTermsProblem(terms({ annualRatePercent: -1 }))).toBe('The interest rate must be 0% to 40%');
    expect(financeTermsProblem(terms({ deposit: 90_000, balloonPercent: 20 }))).toBe(
      'The balloon cannot be more than the amount financed',
    );
    expect(() => monthlyPayment(terms({ months: 6 }))).toThrow(RangeError);
    expect(financeTermsProblem(terms({ months: 12 }))).toBeNull();
    expect(financeTermsProblem(terms({ months: 96 }))).toBeNull();
  });
});

describe('financeDefaults', () => {
  it("gives each country's estimate, a balloon where its lenders offer one, and Eswatini's otherwise", () => {
    expect(financeDefaults('za')).toEqual(FINANCE_DEFAULTS['ZA']);
    expect(financeDefaults('ZA').maxBalloonPercent).toBeGreaterThan(0);
    expect(financeDefaults('SZ').maxBalloonPercent).toBe(30);
    expect(financeDefaults('US').maxBalloonPercent).toBe(0);
    expect(financeDefaults('XX')).toEqual(FINANCE_DEFAULTS['SZ']);
    expect(financeDefaults(null)).toEqual(FINANCE_DEFAULTS['SZ']);
    for (const defaults of Object.values(FINANCE_DEFAULTS)) {
      expect(defaults.months).toBeGreaterThanOrEqual(12);
      expect(defaults.months).toBeLessThanOrEqual(96);
      expect(defaults.balloonPercent).toBeLessThanOrEqual(defaults.maxBalloonPercent);
    }
  });

  it('lends in the country of the price’s currency', () => {
    expect(financeCountryOfCurrency('SZL')).toBe('SZ');
    expect(financeCountryOfCurrency('zar')).toBe('ZA');
    expect(financeCountryOfCurrency(undefined)).toBe('SZ');
  });
});

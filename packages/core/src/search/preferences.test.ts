import { describe, expect, it } from 'vitest';
import {
  COMMUTE_BANDS,
  DEFAULT_QUIZ_BUDGET,
  BUYER_CURRENCY_CODES,
  LILANGENI_PER_UNIT,
  PREFERENCE_BUDGET_OPTIONS,
  PREFERENCE_MILEAGE_CAPS,
  QUIZ_AUTO_ADVANCE_MS,
  QUIZ_BUDGET_PRESETS,
  defaultQuizBudget,
  inLilangeni,
  isBuyerCurrency,
  quizBudgetPresets,
  shortAmount,
} from './preferences.ts';

describe('preference options', () => {
  it('caps mileage at 50k, 100k, 150k and 200k km', () => {
    expect(PREFERENCE_MILEAGE_CAPS.map((o) => o.value)).toEqual([50_000, 100_000, 150_000, 200_000]);
    expect(PREFERENCE_MILEAGE_CAPS[0]?.label).toBe('Under 50k km');
  });

  it('offers budgets of 500k, 1M and 2M', () => {
    expect(PREFERENCE_BUDGET_OPTIONS.map((o) => o.value)).toEqual([500_000, 1_000_000, 2_000_000]);
    expect(PREFERENCE_BUDGET_OPTIONS.map((o) => o.label)).toEqual(['Under E500k', 'Under E1M', 'Under E2M']);
  });
});

describe('quiz constants', () => {
  it('pins the budget presets with the E prefix and the 1.38M+ label', () => {
    expect(QUIZ_BUDGET_PRESETS.map(({ min, max, label }) => ({ min, max, label }))).toEqual([
      { min: 0, max: 460_000, label: 'Under E460k' },
      { min: 460_000, max: 920_000, label: 'E460k - E920k' },
      { min: 920_000, max: 1_380_000, label: 'E920k - E1.38M' },
      { min: 1_380_000, max: 2_760_000, label: 'E1.38M+' },
    ]);
    expect(new Set(QUIZ_BUDGET_PRESETS.map((p) => p.id)).size).toBe(4);
  });

  it('pins the default budgets', () => {
    expect(DEFAULT_QUIZ_BUDGET).toEqual({
      page: { min: 0, max: 100_000 },
      modal: { min: 0, max: 2_000_000 },
    });
  });

  it('asks the commute in km on the page and in the modal', () => {
    for (const bands of [COMMUTE_BANDS.page, COMMUTE_BANDS.modal]) {
      expect(bands.map((b) => b.label)).toEqual(['Under 30 km', '30-80 km', '80+ km']);
      expect(bands.map((b) => b.value)).toEqual(['short', 'medium', 'long']);
      expect(bands[2]?.max).toBeNull();
      expect(bands[0]?.max).toBe(bands[1]?.min);
      expect(bands.every((b) => b.unit === 'km')).toBe(true);
    }
  });

  it("shows the budget presets in the buyer's currency", () => {
    expect(quizBudgetPresets({ code: 'ZAR', symbol: 'R' }).map((p) => [p.min, p.max, p.label])).toEqual([
      [0, 460_000, 'Under R460k'],
      [460_000, 920_000, 'R460k - R920k'],
      [920_000, 1_380_000, 'R920k - R1.38M'],
      [1_380_000, 2_760_000, 'R1.38M+'],
    ]);
    expect(quizBudgetPresets({ code: 'USD', symbol: '$' }).map((p) => p.label)).toEqual([
      'Under $26k',
      '$26k - $51k',
      '$51k - $77k',
      '$77k+',
    ]);
    expect(quizBudgetPresets({ code: 'XYZ', symbol: '¤' })[0]?.label).toBe('Under ¤460k');
    expect(defaultQuizBudget('modal', { code: 'GBP', symbol: '£' })).toEqual({ min: 0, max: 87_000 });
    expect(defaultQuizBudget('page')).toEqual({ min: 0, max: 100_000 });
  });

  it('knows the currencies it has a rate for, in any case', () => {
    expect(BUYER_CURRENCY_CODES).toEqual(Object.keys(LILANGENI_PER_UNIT));
    expect(['USD', 'usd', 'SZL', 'zar'].every(isBuyerCurrency)).toBe(true);
    expect([null, undefined, '', 'JPY', 'toString'].some(isBuyerCurrency)).toBe(false);
  });

  it('compares budgets in lilangeni', () => {
    expect(inLilangeni(28_000, 'USD')).toBe(504_000);
    expect(inLilangeni(460_000, 'zar')).toBe(460_000);
    expect(inLilangeni(460_000, null)).toBe(460_000);
  });

  it('writes amounts short', () => {
    expect([460_000, 1_380_000, 2_000_000, 25_000, 500].map(shortAmount)).toEqual([
      '460k',
      '1.38M',
      '2M',
      '25k',
      '500',
    ]);
  });

  it('advances after 300 ms', () => {
    expect(QUIZ_AUTO_ADVANCE_MS).toBe(300);
  });
});

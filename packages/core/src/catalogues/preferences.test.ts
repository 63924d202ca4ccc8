import { describe, expect, it } from 'vitest';
import {
  COMMUTE_BANDS,
  DEFAULT_QUIZ_BUDGET,
  PREFERENCE_BUDGET_OPTIONS,
  PREFERENCE_MILEAGE_CAPS,
  QUIZ_AUTO_ADVANCE_MS,
  QUIZ_BUDGET_PRESETS,
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

  it('pins the commute bands in miles on the page and km in the modal', () => {
    expect(COMMUTE_BANDS.page.map((b) => b.label)).toEqual(['Under 20 miles', '20-50 miles', '50+ miles']);
    expect(COMMUTE_BANDS.modal.map((b) => b.label)).toEqual(['Under 30 km', '30-80 km', '80+ km']);
    for (const bands of [COMMUTE_BANDS.page, COMMUTE_BANDS.modal]) {
      expect(bands.map((b) => b.value)).toEqual(['short', 'medium', 'long']);
      expect(bands[2]?.max).toBeNull();
      expect(bands[0]?.max).toBe(bands[1]?.min);
    }
    expect(COMMUTE_BANDS.page.every((b) => b.unit === 'mi')).toBe(true);
    expect(COMMUTE_BANDS.modal.every((b) => b.unit === 'km')).toBe(true);
  });

  it('advances after 300 ms', () => {
    expect(QUIZ_AUTO_ADVANCE_MS).toBe(300);
  });
});

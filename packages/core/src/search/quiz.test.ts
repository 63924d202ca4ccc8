import { describe, expect, it } from 'vitest';
import { LifestyleProfileSchema } from './match-schema.ts';
import { LIFESTYLE_QUIZ_STEPS, QUIZ_STEP_COUNT, lifestyleQuizSteps, quizSearchFilters } from './quiz.ts';

describe('lifestyle quiz', () => {
  it('has 5 steps: budget, family, usage, commute, fuel', () => {
    expect(QUIZ_STEP_COUNT).toBe(5);
    expect(LIFESTYLE_QUIZ_STEPS.map((s) => s.field)).toEqual([
      'budget',
      'familySize',
      'usage',
      'commutingDistance',
      'fuelPreference',
    ]);
  });

  it('gives every step a title, and every option a label and description', () => {
    for (const step of [...lifestyleQuizSteps('page'), ...lifestyleQuizSteps('modal')]) {
      expect(step.title.length).toBeGreaterThan(0);
      expect(step.options.length).toBeGreaterThanOrEqual(3);
      for (const option of step.options) {
        expect(option.label.length).toBeGreaterThan(0);
        expect(option.description.length).toBeGreaterThan(0);
      }
    }
  });

  it('asks distances in km on the page and in the modal', () => {
    for (const steps of [lifestyleQuizSteps('page'), lifestyleQuizSteps()]) {
      expect(steps[3]?.options.map((o) => o.label)).toEqual(['Under 30 km', '30-80 km', '80+ km']);
    }
  });

  it('offers the budgets in the currency given', () => {
    expect(lifestyleQuizSteps('page', { code: 'ZAR', symbol: 'R' })[0]?.options[0]?.label).toBe(
      'Under R460k',
    );
  });

  it('produces valid lifestyle profiles from any choice of answers', () => {
    const steps = LIFESTYLE_QUIZ_STEPS;
    for (const step of steps) {
      for (let i = 0; i < step.options.length; i++) {
        const answers = Object.fromEntries(
          steps.map((s) => [s.field, (s === step ? s.options[i] : s.options[0])?.value]),
        );
        expect(LifestyleProfileSchema.safeParse(answers).success, `${step.field} #${i}`).toBe(true);
      }
    }
  });

  it('offers the budget presets as ranges', () => {
    expect(LIFESTYLE_QUIZ_STEPS[0]?.options.map((o) => o.value)).toEqual([
      { min: 0, max: 460_000 },
      { min: 460_000, max: 920_000 },
      { min: 920_000, max: 1_380_000 },
      { min: 1_380_000, max: 2_760_000 },
    ]);
  });
});

describe('quizSearchFilters', () => {
  it('keeps the budget top in lilangeni and a seat for each of the family, and nothing the score only ranks', () => {
    expect(
      quizSearchFilters({ budget: { min: 460_000, max: 920_000 }, familySize: 'large-family' }, 'SZL'),
    ).toEqual({ maxPrice: 920_000, minSeats: 5 });
    expect(quizSearchFilters({ budget: { min: 0, max: 460_000 }, familySize: 'small-family' })).toEqual({
      maxPrice: 460_000,
      minSeats: 4,
    });
    expect(quizSearchFilters({ budget: { min: 0, max: 50_000 }, familySize: 'single' }, 'USD')).toEqual({
      maxPrice: 900_000,
    });
  });

  it('sets no price limit for an open budget and none above what a car may cost', () => {
    expect(quizSearchFilters({ budget: { min: 0, max: 0 } })).toEqual({});
    expect(quizSearchFilters({ budget: { min: 0, max: 1e12 } }, 'USD')).toEqual({ maxPrice: 1_000_000_000 });
  });
});

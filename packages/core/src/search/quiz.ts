import type { FamilySize } from './lifestyle.ts';
import type { LifestyleProfile } from './match-schema.ts';
import { MAX_PRICE } from '../cars/index.ts';
import { COMMUTE_BANDS, inLilangeni, quizBudgetPresets, type QuizCurrency } from './preferences.ts';

/**
 * The 5-step lifestyle quiz. SPEC 2 leaves its steps and options unshown; each step answers one field of
 * the lifestyle profile, so the answers feed the SPEC 9 scoring directly.
 */

export type QuizVariant = 'page' | 'modal';

export type QuizField = 'budget' | 'familySize' | 'usage' | 'commutingDistance' | 'fuelPreference';

export interface QuizOption<V> {
  readonly value: V;
  readonly label: string;
  readonly description: string;
}

interface QuizStepFor<F extends QuizField> {
  readonly field: F;
  readonly title: string;
  readonly subtitle: string;
  readonly options: ReadonlyArray<QuizOption<LifestyleProfile[F]>>;
}

export type QuizStep = { [F in QuizField]: QuizStepFor<F> }[QuizField];

function budgetStep(currency: QuizCurrency | undefined): QuizStepFor<'budget'> {
  return {
    field: 'budget',
    title: "What's your budget?",
    subtitle: 'Pick the range you are comfortable spending.',
    options: quizBudgetPresets(currency).map((preset) => ({
      value: { min: preset.min, max: preset.max },
      label: preset.label,
      description: preset.description,
    })),
  };
}

const familyStep: QuizStepFor<'familySize'> = {
  field: 'familySize',
  title: 'Who usually rides with you?',
  subtitle: 'This tells us how much space and how many seats you need.',
  options: [
    { value: 'single', label: 'Just me', description: 'Mostly alone or with one passenger' },
    {
      value: 'small-family',
      label: 'Small family',
      description: '3-4 people: school runs and weekend trips',
    },
    { value: 'large-family', label: 'Large family', description: '5 or more: space and extra seats matter' },
  ],
};

const usageStep: QuizStepFor<'usage'> = {
  field: 'usage',
  title: 'How will you mostly use the car?',
  subtitle: 'Choose the trips that make up most of your driving.',
  options: [
    { value: 'daily', label: 'Daily commuting', description: 'Work, school and errands every day' },
    { value: 'weekend', label: 'Weekends and leisure', description: 'Outings, holidays and visiting family' },
    { value: 'business', label: 'Business', description: 'Meeting clients and representing your company' },
    {
      value: 'adventure',
      label: 'Adventure and off-road',
      description: 'Gravel roads, towing and game reserves',
    },
  ],
};

function commuteStep(variant: QuizVariant): QuizStepFor<'commutingDistance'> {
  return {
    field: 'commutingDistance',
    title: 'How far is your daily round trip?',
    subtitle: 'Longer distances favour efficient and comfortable cars.',
    options: COMMUTE_BANDS[variant].map((band) => ({
      value: band.value,
      label: band.label,
      description:
        band.value === 'short'
          ? 'Short trips around town'
          : band.value === 'medium'
            ? 'A regular commute between towns'
            : 'Long distances most days',
    })),
  };
}

const fuelStep: QuizStepFor<'fuelPreference'> = {
  field: 'fuelPreference',
  title: 'What matters most at the pump?',
  subtitle: 'Your fuel and running-cost priority.',
  options: [
    { value: 'eco-friendly', label: 'Eco-friendly', description: 'Hybrid or electric, lowest emissions' },
    { value: 'economy', label: 'Economical', description: 'Low running costs and frugal engines' },
    { value: 'performance', label: 'Performance', description: 'Power and driving pleasure first' },
    { value: 'no-preference', label: 'No preference', description: 'Show me everything that fits' },
  ],
};

export const QUIZ_STEP_COUNT = 5;

/** The quiz's steps in order, its budgets in the buyer's currency (lilangeni when not given). */
export function lifestyleQuizSteps(
  variant: QuizVariant = 'modal',
  currency?: QuizCurrency,
): readonly QuizStep[] {
  return [budgetStep(currency), familyStep, usageStep, commuteStep(variant), fuelStep];
}

export const LIFESTYLE_QUIZ_STEPS: readonly QuizStep[] = lifestyleQuizSteps('modal');

/** The seats each household of the quiz needs at least: 'Small family' is 3-4 riders, 'Large family' 5 or more. */
const SEATS_NEEDED: Partial<Record<FamilySize, number>> = { 'small-family': 4, 'large-family': 5 };

/**
 * The quiz's answers as a saved search's filters: only what they make a must, in the catalogue's currency. The
 * budget's top is the price limit and a family needs a seat each; use, commute and fuel (and more room than that)
 * only rank the cars a search finds, so an alert for them would leave out cars the quiz recommends.
 */
export function quizSearchFilters(
  answers: Pick<Partial<LifestyleProfile>, 'budget' | 'familySize'>,
  currencyCode?: string | null,
): { maxPrice?: number; minSeats?: number } {
  const filters: { maxPrice?: number; minSeats?: number } = {};
  const top = answers.budget?.max;
  if (top !== undefined && top > 0) filters.maxPrice = Math.min(inLilangeni(top, currencyCode), MAX_PRICE);
  const seats = answers.familySize ? SEATS_NEEDED[answers.familySize] : undefined;
  if (seats !== undefined) filters.minSeats = seats;
  return filters;
}

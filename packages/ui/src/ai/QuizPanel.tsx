import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  BudgetRangeSchema,
  QUIZ_AUTO_ADVANCE_MS,
  QUIZ_STEP_COUNT,
  defaultQuizBudget,
  formatAmount,
  lifestyleQuizSteps,
  quizSearchFilters,
  type BudgetRange,
  type QuizCurrency,
  type QuizAnswers,
  type QuizField,
  type QuizStep,
} from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { Button } from '../kit/Button.tsx';
import { cx } from '../kit/cx.ts';
import { ChevronLeftIcon, SparklesIcon } from '../kit/icons.tsx';
import { TextField } from '../kit/TextField.tsx';
import { Select } from '../kit/Select.tsx';
import type { AiPanelProps } from './ai-panels.ts';
import { recommendCars } from './ai-requests.ts';
import { SaveSearchButton } from '../notifications/SaveSearchButton.tsx';
import { useBuyerCurrency } from '../accounts/useBuyerCurrency.ts';
import { BUYER_COUNTRIES, chooseCountry, useChosenCountry } from '../accounts/buyer-country.ts';
import styles from './Discover.module.css';

type Answers = Partial<{ [F in QuizField]: Extract<QuizStep, { field: F }>['options'][number]['value'] }>;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function budgetLabel(budget: BudgetRange, step: QuizStep, symbol: string): string {
  const preset = step.options.find((option) => sameValue(option.value, budget));
  return preset
    ? preset.label
    : `${symbol}${formatAmount(budget.min)} - ${symbol}${formatAmount(budget.max)}`;
}

function answerLabel(step: QuizStep, value: unknown, currency: QuizCurrency): string {
  if (step.field === 'budget') return budgetLabel(value as BudgetRange, step, currency.symbol);
  return step.options.find((option) => sameValue(option.value, value))?.label ?? '';
}

/** The budget step's own range, for a buyer whose budget is not one of the presets. */
function CustomBudget({
  initial,
  symbol,
  onDone,
}: {
  initial: BudgetRange;
  symbol: string;
  onDone: (budget: BudgetRange) => void;
}) {
  const [min, setMin] = useState(String(initial.min));
  const [max, setMax] = useState(String(initial.max));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = BudgetRangeSchema.safeParse({
      min: min.trim() === '' ? 0 : Number(min),
      max: max.trim() === '' ? Number.NaN : Number(max),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid budget');
      return;
    }
    if (parsed.data.max === 0) {
      setError('Budget maximum must be above 0');
      return;
    }
    setError(null);
    onDone(parsed.data);
  };
  return (
    <fieldset className={styles.customBudget}>
      <legend>Or set your own range</legend>
      <div className={styles.budgetInputs}>
        <TextField
          label={`Minimum (${symbol})`}
          inputMode="numeric"
          type="number"
          min={0}
          value={min}
          onChange={(event) => setMin(event.target.value)}
        />
        <TextField
          label={`Maximum (${symbol})`}
          inputMode="numeric"
          type="number"
          min={0}
          value={max}
          onChange={(event) => setMax(event.target.value)}
          error={error}
        />
      </div>
      <Button variant="secondary" onClick={submit}>
        Continue
      </Button>
    </fieldset>
  );
}

/**
 * Lifestyle Match: the five-step quiz of SPEC 4 'Quiz'. Answering an option (a budget preset too) moves on
 * after 300 ms; Back goes one step; the summary offers Start Over and Get My Recommendations, which asks
 * POST /ai/recommendations (SPEC 9's local scoring over GET /cars when that fails).
 */
export function QuizPanel({ onResults, variant = 'modal' }: AiPanelProps) {
  const { client } = useApi();
  const currency = useBuyerCurrency();
  const chosenCountry = useChosenCountry();
  const countryCode =
    chosenCountry?.code ?? BUYER_COUNTRIES.find((c) => c.currency?.code === currency.code)?.code;
  const steps = lifestyleQuizSteps(variant, currency);
  const defaultBudget = defaultQuizBudget(variant, currency);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const recommend = useMutation({
    mutationFn: (request: QuizAnswers) => recommendCars(client, request, undefined, currency.code),
    onSuccess: (outcome) =>
      onResults({
        results: outcome.results,
        label: 'Lifestyle Match',
        kind: 'lifestyle',
        total: outcome.total,
      }),
  });

  const cancelAdvance = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancelAdvance, []);

  const answer = (field: QuizField, value: unknown, delay: number) => {
    cancelAdvance();
    setAnswers((current) => ({ ...current, [field]: value }));
    const advance = () => setIndex((current) => Math.min(current + 1, QUIZ_STEP_COUNT));
    if (delay === 0) advance();
    else timer.current = setTimeout(advance, delay);
  };
  const back = () => {
    cancelAdvance();
    setIndex((current) => Math.max(0, current - 1));
  };
  const startOver = () => {
    cancelAdvance();
    recommend.reset();
    setAnswers({});
    setIndex(0);
  };

  const progress = (
    <div className={styles.quizTop}>
      {index > 0 ? (
        <Button variant="ghost" icon={<ChevronLeftIcon size={18} />} onClick={back}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <p className={styles.stepCount}>
        {index < QUIZ_STEP_COUNT ? `Step ${index + 1} of ${QUIZ_STEP_COUNT}` : 'Your answers'}
      </p>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={QUIZ_STEP_COUNT}
        aria-valuenow={index}
      >
        <span style={{ width: `${(index / QUIZ_STEP_COUNT) * 100}%` }} />
      </div>
    </div>
  );

  const step = steps[index];
  if (!step) {
    const request = { ...answers, budget: answers.budget ?? defaultBudget } as QuizAnswers;
    const budgetStep = steps.find((s) => s.field === 'budget')!;
    return (
      <div className={styles.panel}>
        {progress}
        <h3 className={styles.stepTitle}>Your lifestyle profile</h3>
        <dl className={styles.summary}>
          {steps.map((s) => (
            <div key={s.field}>
              <dt>{s.title}</dt>
              <dd>{s.field in answers ? answerLabel(s, answers[s.field], currency) : 'Not answered'}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.summaryActions}>
          <Button variant="secondary" onClick={startOver}>
            Start Over
          </Button>
          <Button
            icon={<SparklesIcon size={18} />}
            loading={recommend.isPending}
            onClick={() => recommend.mutate(request)}
          >
            Get My Recommendations
          </Button>
        </div>
        {recommend.isPending ? (
          <p className={styles.status} role="status">
            Finding your matches...
          </p>
        ) : null}
        {recommend.isError ? (
          <p className={styles.error} role="alert">
            {recommend.error instanceof Error ? recommend.error.message : 'Could not get recommendations.'}
          </p>
        ) : null}
        {recommend.data ? (
          <p className={recommend.data.local ? styles.localNote : styles.insight}>
            {recommend.data.reasoning}
          </p>
        ) : null}
        {recommend.data ? (
          // New cars within the budget, with a seat for each of the family, are the ones to be told of.
          <SaveSearchButton
            filters={quizSearchFilters(request, currency.code)}
            suggestedName={`Lifestyle Match: ${answerLabel(budgetStep, request.budget, currency)}`.slice(
              0,
              80,
            )}
          />
        ) : null}
      </div>
    );
  }

  const chosen = answers[step.field];
  return (
    <div className={styles.panel}>
      {progress}
      <fieldset className={styles.step}>
        <legend className={styles.stepTitle}>{step.title}</legend>
        <p className={styles.stepSubtitle}>{step.subtitle}</p>
        {step.field === 'budget' ? (
          // The buyer's own choice decides the budgets' currency, never the browser's language.
          <Select
            className={styles.countryChoice}
            label="Your country"
            options={BUYER_COUNTRIES.map((c) => ({
              value: c.code,
              label: `${c.name} (${c.currency?.symbol ?? ''})`,
            }))}
            value={countryCode}
            onValueChange={(code) => {
              if (code === countryCode) return;
              chooseCountry(code);
              // A budget picked in the old currency would be read in the new one.
              setAnswers(({ budget: _old, ...rest }) => rest);
            }}
          />
        ) : null}
        <div className={styles.options}>
          {step.options.map((option) => (
            <button
              key={option.label}
              type="button"
              className={cx(styles.option, sameValue(chosen, option.value) && styles.optionOn)}
              aria-pressed={sameValue(chosen, option.value)}
              onClick={() => answer(step.field, option.value, QUIZ_AUTO_ADVANCE_MS)}
            >
              <span className={styles.optionLabel}>{option.label}</span>
              <span className={styles.optionDescription}>{option.description}</span>
            </button>
          ))}
        </div>
      </fieldset>
      {step.field === 'budget' ? (
        <CustomBudget
          initial={answers.budget ?? defaultBudget}
          symbol={currency.symbol}
          onDone={(budget) => answer('budget', budget, 0)}
        />
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import {
  currencySymbol,
  financeCountryOfCurrency,
  financeDefaults,
  financeEstimate,
  financeTermsProblem,
  FINANCE_MAX_MONTHS,
  FINANCE_MIN_MONTHS,
  formatAmount,
  hasPrice,
  type CarCurrency,
} from '@autoreel/core';
import { TextField } from '../kit/TextField.tsx';
import styles from './FinanceCalculator.module.css';

/** Says plainly what the figure is and is not. */
export const FINANCE_ESTIMATE_NOTE =
  "This is an estimate, not a finance offer: the lender's rate, fees and your credit decide the real payment.";

/** The ISO code of a car's currency when it carries one ('SZL'); a bare symbol names none. */
function currencyCode(currency: CarCurrency | null | undefined): string | null {
  return typeof currency === 'object' ? (currency?.code ?? null) : null;
}

/** A typed number, or NaN for a blank or unreadable field (refused by the terms check). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/,/g, '')));

/**
 * The monthly payment on finance for this car, from core's amortisation formula (financeEstimate): deposit, term
 * (12 to 96 months), interest rate and, where the price's country offers one, a balloon, each starting at that
 * country's default. Loaded after the page (CarDetail imports it lazily), so it costs the first screen no JavaScript.
 * Nothing is drawn for a car without a price.
 */
export function FinanceCalculator({
  car,
}: {
  car: { price?: number | null; currency?: CarCurrency | null };
}) {
  const price = hasPrice(car.price) ? car.price : 0;
  const defaults = financeDefaults(financeCountryOfCurrency(currencyCode(car.currency)));
  const symbol = currencySymbol(car.currency);
  const [deposit, setDeposit] = useState(String(Math.round((price * defaults.depositPercent) / 100)));
  const [months, setMonths] = useState(String(defaults.months));
  const [rate, setRate] = useState(String(defaults.annualRatePercent));
  const [balloon, setBalloon] = useState(String(defaults.balloonPercent));
  if (price === 0) return null;
  const balloonOffered = defaults.maxBalloonPercent > 0;
  const balloonPercent = balloonOffered ? numberOf(balloon) : 0;
  const terms = {
    price,
    deposit: numberOf(deposit),
    months: numberOf(months),
    annualRatePercent: numberOf(rate),
    balloonPercent,
  };
  const balloonTooBig = balloonOffered && balloonPercent > defaults.maxBalloonPercent;
  const problem = balloonTooBig
    ? `The balloon can be at most ${defaults.maxBalloonPercent}% here`
    : financeTermsProblem(terms);
  const estimate = problem ? null : financeEstimate(terms);
  const money = (amount: number) => `${symbol}${formatAmount(amount)}`;
  return (
    <section className={styles.calculator} aria-labelledby="finance-heading">
      <h2 id="finance-heading" className={styles.heading}>
        Finance estimate
      </h2>
      <div className={styles.fields}>
        <TextField
          label={`Deposit (${symbol})`}
          inputMode="decimal"
          value={deposit}
          onChange={(event) => setDeposit(event.target.value)}
        />
        <TextField
          label="Term (months)"
          type="number"
          inputMode="numeric"
          min={FINANCE_MIN_MONTHS}
          max={FINANCE_MAX_MONTHS}
          step={12}
          value={months}
          onChange={(event) => setMonths(event.target.value)}
          hint={`${FINANCE_MIN_MONTHS} to ${FINANCE_MAX_MONTHS}`}
        />
        <TextField
          label="Interest rate (% a year)"
          inputMode="decimal"
          value={rate}
          onChange={(event) => setRate(event.target.value)}
        />
        {balloonOffered ? (
          <TextField
            label="Balloon (% of price)"
            inputMode="decimal"
            value={balloon}
            onChange={(event) => setBalloon(event.target.value)}
            hint={`Paid at the end; up to ${defaults.maxBalloonPercent}%`}
          />
        ) : null}
      </div>
      {estimate ? (
        <div className={styles.result} aria-live="polite">
          <p className={styles.monthly} data-testid="finance-monthly">
            <strong>{money(estimate.monthly)}</strong> / month
          </p>
          <p className={styles.detail}>
            {money(estimate.financed)} financed over {terms.months} months
            {estimate.balloon > 0 ? `, then a ${money(estimate.balloon)} balloon` : ''}; about{' '}
            {money(estimate.totalInterest)} in interest.
          </p>
        </div>
      ) : (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <p className={styles.note}>{FINANCE_ESTIMATE_NOTE}</p>
    </section>
  );
}

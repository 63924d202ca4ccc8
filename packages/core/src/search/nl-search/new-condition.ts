import type { Condition } from '../../cars/index.ts';
import { markUsed, phraseEndingAt, spanIsFree, type Token } from './tokens.ts';

/** A 'new' or 'brand new' in the query: tokens [start, end). */
export interface NewWord {
  start: number;
  end: number;
  /** 'Brand new' can only be said of the car. */
  brand: boolean;
}

/** Words for the car itself that a plain 'new' qualifies ('a new car', 'a new one'). */
const CAR_NOUNS = new Set(['car', 'cars', 'vehicle', 'vehicles', 'one', 'ones', 'motor', 'motors']);

/**
 * Words that turn 'new' around ('not new', 'no new cars', "don't want a new one"). They read as Used, as 'second
 * hand' does: the buyer asked for a car that has been owned, and Used is the condition that says so (a
 * Certified Pre-Owned car is a narrower ask the buyer did not make).
 */
const NEGATIONS = [
  'not',
  'no',
  'non',
  'never',
  'nothing',
  'not a',
  'dont want',
  'dont want a',
  'do not want',
  'do not want a',
];

/**
 * The condition a 'new' says, decided once the rest of the query is read, since only then is it known whether
 * the word after it was read as part of the car. A plain 'new' is condition New where it qualifies the car: at
 * the end ('something new'), before a word for the car or before anything read as the car ('new bmw', 'new 7
 * seater'). Elsewhere it is about the buyer ('my new job', 'new to me') and says nothing. With a first car asked
 * for, 'a new car' is the buyer's next car, new to them: a first car is never condition New unless said 'brand
 * new'. A negation before it reads as Used and takes the negation's words.
 */
export function conditionOfNew(tokens: Token[], word: NewWord, firstCar: boolean): Condition | undefined {
  const negation = phraseEndingAt(tokens, word.start, NEGATIONS);
  if (negation >= 0 && spanIsFree(tokens, negation, word.start)) {
    markUsed(tokens, negation, word.start);
    return 'Used';
  }
  if (word.brand) return 'New';
  if (firstCar) return undefined;
  const next = tokens[word.end];
  return next === undefined || next.used || CAR_NOUNS.has(next.text) ? 'New' : undefined;
}

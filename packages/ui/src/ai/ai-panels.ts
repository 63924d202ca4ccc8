import {
  CAR_NUMBER_FILTERS,
  CAR_TEXT_FILTERS,
  carQueryToSearch,
  DEFAULT_CAR_SORT,
  matchesShown,
  type QuizVariant,
  type ReadFilters,
} from '@autoreel/core';
import type { CarMatchResult } from './ai-requests.ts';

/**
 * What the AI Search and Lifestyle Match panels hand back. The discover view shows the results under
 * 'AI-Matched Cars'; the feed replaces its list with them and starts again at the first car (SPEC 4).
 */
export interface AiResults {
  results: CarMatchResult[];
  /** A short description of what was asked, e.g. the query or 'Lifestyle Match'. */
  label: string;
  /** Which panel asked (a search when not said): the heading reads differently for the quiz. */
  kind?: 'search' | 'lifestyle';
  /** How many cars match in all; the results are the best few of them. */
  total?: number;
  /** Browse's address of the same filters, to see every match there; absent when Browse cannot show them. */
  browseQuery?: string | null;
}

/** 'Top 20 of 203 matches for "electric SUV"', '3 matches for your lifestyle': what the results are. */
export function matchedHeading(count: number, found: Pick<AiResults, 'label' | 'kind' | 'total'>): string {
  const shown = matchesShown(count, found.total ?? count);
  return found.kind === 'lifestyle' ? `${shown} for your lifestyle` : `${shown} for "${found.label}"`;
}

/**
 * Filters Browse's panel has (the car query's but condition and words, as its form): a reading with any other
 * (colour, condition, words) cannot be shown there alike.
 */
const BROWSE_KEYS: ReadonlySet<string> = new Set(
  [...CAR_TEXT_FILTERS, ...CAR_NUMBER_FILTERS].filter((key) => key !== 'condition' && key !== 'search'),
);

/**
 * Browse's address of the filters a search was read as ('make=Toyota&maxPrice=300000'), where every match can be
 * seen; null when the reading has a filter Browse has not, or none at all.
 */
export function browseQueryOfReading(filters: ReadFilters): string | null {
  const keys = Object.keys(filters).filter((key) => filters[key as keyof ReadFilters] !== undefined);
  if (keys.length === 0 || keys.some((key) => !BROWSE_KEYS.has(key))) return null;
  return carQueryToSearch(filters, DEFAULT_CAR_SORT, DEFAULT_CAR_SORT) || null;
}

export interface AiPanelProps {
  onResults: (results: AiResults) => void;
  /** AI Search: words to search for at once (typed into a search entry before the panel opened). */
  initialQuery?: string | null;
  /** AI Search: every chip was removed, so there is no search left; the host clears its results. */
  onClear?: () => void;
  /** Lifestyle Match: the page and the modal differ in default budget and commute units (SPEC 9). */
  variant?: QuizVariant;
}

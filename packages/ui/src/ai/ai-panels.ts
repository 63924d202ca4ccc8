import { countOf, type QuizVariant } from '@autoreel/core';
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
}

/** '8 cars match your lifestyle', '1 car matches "electric SUV"'. */
export function matchedHeading(count: number, found: Pick<AiResults, 'label' | 'kind'>): string {
  const cars = `${countOf(count, 'car')} ${count === 1 ? 'matches' : 'match'}`;
  return found.kind === 'lifestyle' ? `${cars} your lifestyle` : `${cars} "${found.label}"`;
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

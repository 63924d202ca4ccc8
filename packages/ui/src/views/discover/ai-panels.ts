import type { MatchResult } from '@autoreel/core';

/**
 * What the AI Search and Lifestyle Match panels hand back. The discover view shows the results under
 * 'AI-Matched Cars'; the feed replaces its list with them and starts again at the first car (SPEC 4).
 */
export interface AiResults {
  results: MatchResult[];
  /** A short description of what was asked, e.g. the query or 'Lifestyle Match'. */
  label: string;
}

export interface AiPanelProps {
  onResults: (results: AiResults) => void;
}

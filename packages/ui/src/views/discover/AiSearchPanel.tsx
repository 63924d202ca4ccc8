import type { AiPanelProps } from './ai-panels.ts';

/** AI Search: a plain-language query read into filters the buyer can remove. */
export function AiSearchPanel(_props: AiPanelProps) {
  return <p>AI Search</p>;
}

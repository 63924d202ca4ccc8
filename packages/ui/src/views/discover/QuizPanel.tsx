import type { AiPanelProps } from './ai-panels.ts';

/** Lifestyle Match: the five-step quiz of SPEC 4 'Quiz' and its recommendations. */
export function QuizPanel(_props: AiPanelProps) {
  return <p>Lifestyle Match</p>;
}

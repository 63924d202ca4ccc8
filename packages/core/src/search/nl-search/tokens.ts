/** A query word and whether a reading has taken it, so that no word is read twice. */
export interface Token {
  text: string;
  used: boolean;
}

const phraseWords = new Map<string, readonly string[]>();

function wordsOf(phrase: string): readonly string[] {
  let words = phraseWords.get(phrase);
  if (!words) {
    words = phrase.split(' ');
    phraseWords.set(phrase, words);
  }
  return words;
}

/** The number of words of `phrase` when the words from `start` are that phrase, else 0. */
export function phraseAt(tokens: readonly Token[], start: number, phrase: string): number {
  const words = wordsOf(phrase);
  if (start < 0 || start + words.length > tokens.length) return 0;
  for (let i = 0; i < words.length; i++) if (tokens[start + i]!.text !== words[i]) return 0;
  return words.length;
}

/** The phrase from `phrases` that ends right before `index`, longest first; its start, or -1. */
export function phraseEndingAt(tokens: readonly Token[], index: number, phrases: readonly string[]): number {
  let best = -1;
  for (const phrase of phrases) {
    const length = wordsOf(phrase).length;
    const start = index - length;
    if (start >= 0 && phraseAt(tokens, start, phrase) && (best === -1 || start < best)) best = start;
  }
  return best;
}

/** The word count of the longest phrase from `phrases` that starts at `index`, or 0. */
export function phraseStartingAt(
  tokens: readonly Token[],
  index: number,
  phrases: readonly string[],
): number {
  let best = 0;
  for (const phrase of phrases) best = Math.max(best, phraseAt(tokens, index, phrase));
  return best;
}

export function markUsed(tokens: Token[], start: number, end: number): void {
  for (let i = start; i < end; i++) tokens[i]!.used = true;
}

export function spanIsFree(tokens: readonly Token[], start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (tokens[i]!.used) return false;
  return true;
}

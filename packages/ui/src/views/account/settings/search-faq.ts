import { FAQ_CATEGORIES, FAQ_ENTRIES, type FaqCategory, type FaqEntry } from '@autoreel/core';

export interface FaqGroup {
  category: FaqCategory;
  entries: FaqEntry[];
}

/**
 * The FAQ entries whose question or answer holds every word typed (any order, any case), optionally within one
 * category, grouped in the catalogue's category order. Empty groups are left out.
 */
export function searchFaq(
  query: string,
  category: FaqCategory | 'all' = 'all',
  entries: readonly FaqEntry[] = FAQ_ENTRIES,
): FaqGroup[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = entries.filter((entry) => {
    if (category !== 'all' && entry.category !== category) return false;
    const text = `${entry.question} ${entry.answer}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  return FAQ_CATEGORIES.map((c) => ({
    category: c,
    entries: matches.filter((e) => e.category === c),
  })).filter((group) => group.entries.length > 0);
}

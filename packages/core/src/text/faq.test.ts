import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, FAQ_CATEGORY_LABELS, FAQ_ENTRIES } from './faq.ts';

describe('FAQ', () => {
  it('has 12 entries across the five SPEC categories, each used', () => {
    expect(FAQ_ENTRIES).toHaveLength(12);
    expect(FAQ_CATEGORIES).toEqual(['general', 'contact', 'safety', 'payment', 'account']);
    expect(Object.keys(FAQ_CATEGORY_LABELS)).toEqual([...FAQ_CATEGORIES]);
    expect(new Set(FAQ_ENTRIES.map((e) => e.category))).toEqual(new Set(FAQ_CATEGORIES));
  });

  it('has unique ids and questions, and real answers', () => {
    expect(new Set(FAQ_ENTRIES.map((e) => e.id)).size).toBe(12);
    expect(new Set(FAQ_ENTRIES.map((e) => e.question)).size).toBe(12);
    for (const entry of FAQ_ENTRIES) {
      expect(entry.question.endsWith('?')).toBe(true);
      expect(entry.answer.length).toBeGreaterThan(80);
    }
  });

  it("states the SPEC's timings", () => {
    const answers = FAQ_ENTRIES.map((e) => e.answer).join('\n');
    for (const timing of ['2-3 business days', '1-2 days', 'within 48 hours', 'within 30 days']) {
      expect(answers).toContain(timing);
    }
  });
});

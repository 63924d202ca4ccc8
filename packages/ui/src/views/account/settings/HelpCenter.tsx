import { countOf } from '@autoreel/core';
import { useState } from 'react';
import { FAQ_CATEGORIES, FAQ_CATEGORY_LABELS, FAQ_ENTRIES, type FaqCategory } from '@autoreel/core';
import { Button } from '../../../kit/Button.tsx';
import { cx } from '../../../kit/cx.ts';
import { EmptyState } from '../../../kit/States.tsx';
import { SearchIcon } from '../../../kit/icons.tsx';
import { SearchBox } from '../SearchBox.tsx';
import { searchFaq } from './search-faq.ts';
import styles from '../Account.module.css';

type CategoryFilter = FaqCategory | 'all';

/** SPEC 2 'FAQ and Help Center': the 12 questions in five categories, searchable, and a way to ask more. */
export function HelpCenter({ onContact }: { onContact: () => void }) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const groups = searchFaq(query, category);
  const found = groups.reduce((n, g) => n + g.entries.length, 0);
  const filters: CategoryFilter[] = ['all', ...FAQ_CATEGORIES];

  return (
    <div className={styles.stack}>
      <div>
        <h2 className={styles.sectionTitle}>FAQ and Help Center</h2>
        <p className={styles.muted}>Answers to the questions buyers and sellers ask most.</p>
      </div>
      <SearchBox
        label="Search questions"
        placeholder="Search questions..."
        value={query}
        onChange={setQuery}
      />
      <div className={styles.chips} role="group" aria-label="Category">
        {filters.map((value) => (
          <button
            key={value}
            type="button"
            className={cx(styles.chip, category === value && styles.chipOn)}
            aria-pressed={category === value}
            onClick={() => setCategory(value)}
          >
            {value === 'all' ? 'All' : FAQ_CATEGORY_LABELS[value]}
          </button>
        ))}
      </div>
      <p className={styles.muted} aria-live="polite">
        {found === FAQ_ENTRIES.length
          ? countOf(found, 'question')
          : `${found} of ${countOf(FAQ_ENTRIES.length, 'question')}`}
      </p>
      {groups.length === 0 ? (
        <EmptyState
          icon={<SearchIcon size={28} />}
          title="No questions match your search"
          description="Try other words, or send us your question and we will answer within 48 hours."
          headingLevel={3}
        />
      ) : (
        groups.map((group) => (
          <section key={group.category} aria-label={FAQ_CATEGORY_LABELS[group.category]}>
            <h3 className={styles.legalHeading}>{FAQ_CATEGORY_LABELS[group.category]}</h3>
            <div className={styles.faqList}>
              {group.entries.map((entry) => (
                <details key={entry.id} className={styles.faq}>
                  <summary>{entry.question}</summary>
                  <p>{entry.answer}</p>
                </details>
              ))}
            </div>
          </section>
        ))
      )}
      <div className={styles.helpFooter}>
        <p>Still need help?</p>
        <Button variant="secondary" onClick={onContact}>
          Send Feedback
        </Button>
      </div>
    </div>
  );
}

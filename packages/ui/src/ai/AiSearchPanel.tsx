import { SaveSearchButton } from '../notifications/SaveSearchButton.tsx';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { AI_QUERY_MAX_LENGTH, type RemovableReading } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { Button } from '../kit/Button.tsx';
import { CloseIcon, SearchIcon, SparklesIcon } from '../kit/icons.tsx';
import { TextField } from '../kit/TextField.tsx';
import { browseQueryOfReading, type AiPanelProps } from './ai-panels.ts';
import { searchCars, type SearchOutcome } from './ai-requests.ts';
import { searchChips, type SearchChip } from './search-chips.ts';
import styles from './Discover.module.css';

export const EMPTY_QUERY_MESSAGE = 'Describe the car you are looking for';

const EXAMPLES = ['electric SUV under 900k', 'family car with low mileage', 'toyota hilux diesel 2019+'];

function FilterChips({ chips, onRemove }: { chips: SearchChip[]; onRemove: (chip: SearchChip) => void }) {
  return (
    <ul className={styles.chips} aria-label="Understood filters">
      {chips.map((chip) => (
        <li
          key={chip.keys.join('+')}
          className={chip.relaxed ? `${styles.chip} ${styles.relaxedChip}` : styles.chip}
        >
          <span>{chip.label}</span>
          {chip.relaxed ? <span className={styles.notMet}>not met</span> : null}
          <button
            type="button"
            className={styles.chipRemove}
            aria-label={`Remove ${chip.label}`}
            onClick={() => onRemove(chip)}
          >
            <CloseIcon size={14} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * AI Search: a plain-language query (SPEC 5: non-empty after trimming) sent to POST /ai/search-natural-language.
 * The filters and preferences it was read as show as chips; removing one searches the same words again without
 * it, and it stays removed until the buyer types a new search. When the service fails, SPEC 9's local scoring
 * answers over GET /cars.
 */
export function AiSearchPanel({ onResults, initialQuery, onClear }: AiPanelProps) {
  const { client } = useApi();
  const [text, setText] = useState(initialQuery ?? '');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SearchOutcome | null>(null);
  // A search typed while another is on its way wins; the older answer is dropped when it arrives.
  const latest = useRef(0);
  const search = useMutation({
    mutationFn: ({ query, removed }: { query: string; removed: RemovableReading[]; run: number }) =>
      searchCars(client, query, removed),
    onSuccess(result, { run }) {
      if (run !== latest.current) return;
      setOutcome(result);
      onResults({
        results: result.results,
        label: result.query,
        kind: 'search',
        total: result.total,
        browseQuery: result.exact ? browseQueryOfReading(result.filters) : null,
      });
    },
  });

  /** A new search starts with every chip; a chip removed from this one is passed in `removed`. */
  const run = (query: string, removed: RemovableReading[] = []) => {
    const trimmed = query.trim();
    if (trimmed === '') {
      setError(EMPTY_QUERY_MESSAGE);
      return;
    }
    setError(null);
    latest.current += 1;
    search.mutate({ query: trimmed, removed, run: latest.current });
  };

  // Words typed into a search entry elsewhere are searched for at once.
  const startedWith = useRef<string | null>(null);
  useEffect(() => {
    const query = initialQuery?.trim();
    if (!query || startedWith.current === query) return;
    startedWith.current = query;
    setText(query);
    run(query);
    // run is recreated each render; the effect is keyed on the query alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialQuery]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(text);
  };

  const chips = outcome ? searchChips(outcome.filters, outcome.soft, outcome.relaxed) : [];
  const nearMatches = outcome !== null && !outcome.exact && outcome.results.length > 0;
  const removeChip = (chip: SearchChip) => {
    if (!outcome) return;
    if (chips.length === 1) {
      // Nothing of the search is left, so neither are its words.
      latest.current += 1;
      setText('');
      setOutcome(null);
      onClear?.();
      return;
    }
    run(outcome.query, [...outcome.removed, ...chip.keys]);
  };
  const failed = search.isError && !search.isPending;
  return (
    <div className={styles.panel}>
      <form className={styles.searchForm} onSubmit={submit} noValidate role="search">
        <TextField
          label="Describe the car you want"
          placeholder="e.g. electric SUV under 900k"
          value={text}
          maxLength={AI_QUERY_MAX_LENGTH}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          error={error}
          start={<SearchIcon size={18} />}
          autoComplete="off"
          enterKeyHint="search"
        />
        <Button type="submit" icon={<SparklesIcon size={18} />} loading={search.isPending}>
          Search
        </Button>
      </form>
      {!outcome && !search.isPending ? (
        <div className={styles.examples}>
          <span>Try:</span>
          {EXAMPLES.map((example) => (
            <button
              key={example}
              type="button"
              className={styles.example}
              onClick={() => {
                setText(example);
                run(example);
              }}
            >
              {example}
            </button>
          ))}
        </div>
      ) : null}
      {search.isPending ? (
        <p className={styles.status} role="status">
          Searching...
        </p>
      ) : null}
      {failed ? (
        <p className={styles.error} role="alert">
          {search.error instanceof Error ? search.error.message : 'Search failed. Please try again.'}
        </p>
      ) : null}
      {outcome ? (
        <div className={styles.understood}>
          {nearMatches ? (
            <p className={styles.nearMatch} role="status">
              No exact match for &ldquo;{outcome.query}&rdquo;; closest cars
            </p>
          ) : null}
          {chips.length > 0 ? <FilterChips chips={chips} onRemove={removeChip} /> : null}
          {chips.length > 0 ? (
            <SaveSearchButton filters={{ ...outcome.filters }} suggestedName={outcome.query.slice(0, 80)} />
          ) : null}
          {outcome.insights.map((insight) => (
            <p key={insight} className={outcome.local ? styles.localNote : styles.insight}>
              {insight}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

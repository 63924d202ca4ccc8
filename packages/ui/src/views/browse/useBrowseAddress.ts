import { useMemo } from 'react';
import {
  CAR_SORTS,
  carQueryFromSearch,
  carQueryToSearch,
  DEFAULT_CAR_SORT,
  type CarSort,
} from '@autoreel/core';
import { useNavigation } from '../../state/navigation.ts';
import { EMPTY_FILTERS, type FilterForm } from './FilterPanel.tsx';
import { useBrowseState } from './useBrowseState.ts';

/** Fields applied as soon as they change (a choice); the others are typed and applied once typing settles. */
const CHOSEN: ReadonlySet<keyof FilterForm> = new Set([
  'make',
  'bodyType',
  'fuelType',
  'transmission',
  'minSeats',
]);

/** What the address applies: the filters as the form shows them and the sort. */
export interface AppliedBrowse {
  form: FilterForm;
  sort: CarSort;
}

/** The filters and sort a browse query string applies; a sort it does not know is the default. */
export function readBrowseQuery(query: string): AppliedBrowse {
  const { form, sort } = carQueryFromSearch(query);
  const known = (CAR_SORTS as readonly string[]).includes(sort ?? '');
  const filters = { ...EMPTY_FILTERS };
  for (const key of Object.keys(filters) as (keyof FilterForm)[]) filters[key] = form[key] ?? '';
  return { form: filters, sort: known ? (sort as CarSort) : DEFAULT_CAR_SORT };
}

/** The query string of filters and a sort ('' for none and the default order). */
export const browseQueryOf = (form: FilterForm, sort: CarSort) =>
  carQueryToSearch(form, sort, DEFAULT_CAR_SORT);

/** The one field two forms differ in, or null when they differ in none or several. */
function onlyChange(a: FilterForm, b: FilterForm): keyof FilterForm | null {
  const changed = (Object.keys(a) as (keyof FilterForm)[]).filter((key) => a[key] !== b[key]);
  return changed.length === 1 ? changed[0]! : null;
}

/**
 * Browse's filters and sort live in the address (/browse?make=Toyota&maxPrice=300000&sort=price-low): what it
 * applies is read from the navigation store's browseQuery, which bindHistory mirrors to the address bar, so a
 * shared address opens with its filters and back and forward bring the earlier ones back. A choice or a sort is a
 * new history entry at once; typed text waits until it settles and is valid, and typing on in the same field
 * rewrites its entry rather than adding one per pause.
 */
export function useBrowseAddress() {
  const query = useNavigation((s) => s.browseQuery);
  const setQuery = useNavigation((s) => s.setBrowseQuery);
  const draft = useBrowseState((s) => s.draft);
  const setDraft = useBrowseState((s) => s.setDraft);
  const applied = useMemo(() => readBrowseQuery(query), [query]);
  // A draft typed over another address (before back, forward or a shared link) is not this address's.
  const current = draft !== null && draft.over === query ? draft : null;
  const form = current?.form ?? applied.form;

  const write = (
    next: string,
    entry: 'push' | 'replace',
    typing: keyof FilterForm | null,
    shown: FilterForm,
  ) => {
    setDraft({ form: shown, over: next, typing });
    if (next !== query) setQuery(next, entry);
  };

  return {
    applied,
    /** The filters the panel shows: what the buyer is typing, else the applied ones. */
    form,
    /** The panel changed: a choice applies at once; typed text is kept until `applyTyped`. */
    change: (next: FilterForm) => {
      const key = onlyChange(form, next);
      if (key !== null && !CHOSEN.has(key)) {
        setDraft({ form: next, over: query, typing: current?.typing ?? null });
        return;
      }
      // A choice applies alone: text still being typed in another field waits for its own turn.
      const chosen = key !== null ? { ...applied.form, [key]: next[key] } : next;
      write(browseQueryOf(chosen, applied.sort), 'push', null, next);
    },
    /**
     * Typed filters that have settled and read as a valid query go into the address. It runs in an effect, after
     * the render that settled them, and a keystroke in another field can land between the two: the panel keeps
     * showing what is typed now (the stores' draft), not this render's form.
     */
    applyTyped: (settled: FilterForm) => {
      const next = browseQueryOf(settled, applied.sort);
      if (next === query) return;
      const key = onlyChange(applied.form, readBrowseQuery(next).form);
      const inPlace = key !== null && key === current?.typing;
      const latest = useBrowseState.getState().draft;
      const shown =
        latest !== null && latest.over === useNavigation.getState().browseQuery ? latest.form : form;
      write(next, inPlace ? 'replace' : 'push', key, shown);
    },
    setSort: (sort: CarSort) => {
      write(browseQueryOf(applied.form, sort), 'push', null, applied.form);
    },
    clear: () => {
      write(browseQueryOf(EMPTY_FILTERS, applied.sort), 'push', null, EMPTY_FILTERS);
    },
  };
}

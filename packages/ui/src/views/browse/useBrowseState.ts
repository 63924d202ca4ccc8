import type { VirtualItem } from '@tanstack/react-virtual';
import { create } from 'zustand';
import { DEFAULT_CAR_SORT, type CarSort } from '@autoreel/core';
import { EMPTY_FILTERS, type FilterForm } from './FilterPanel.tsx';

export type BrowseLayout = 'grid' | 'list';

/** Where the list was left: the page's scroll and the rows' measured sizes, for the list it was left on. */
export interface ListPlace {
  /** The list's identity (filters, sort, layout, columns); a place is only restored onto the same list. */
  key: string;
  scrollY: number;
  measurements: VirtualItem[];
}

interface BrowseState {
  form: FilterForm;
  sort: CarSort;
  layout: BrowseLayout;
  /** On phones the filters fold away; they stay open once opened. */
  filtersOpen: boolean;
  place: ListPlace | null;
  setForm: (form: FilterForm) => void;
  setSort: (sort: CarSort) => void;
  setLayout: (layout: BrowseLayout) => void;
  setFiltersOpen: (open: boolean) => void;
  setPlace: (place: ListPlace) => void;
  reset: () => void;
}

const INITIAL = {
  form: EMPTY_FILTERS,
  sort: DEFAULT_CAR_SORT,
  layout: 'grid',
  filtersOpen: false,
  place: null,
} as const;

/**
 * Browse's filters, sort, layout and place, kept while the user looks at a car: back from the car finds the same
 * list at the same scroll, with the pages already loaded (React Query keeps them).
 */
export const useBrowseState = create<BrowseState>()((set) => ({
  ...INITIAL,
  setForm: (form) => set({ form }),
  setSort: (sort) => set({ sort }),
  setLayout: (layout) => set({ layout }),
  setFiltersOpen: (filtersOpen) => set({ filtersOpen }),
  setPlace: (place) => set({ place }),
  reset: () => set(INITIAL),
}));

import type { VirtualItem } from '@tanstack/react-virtual';
import { create } from 'zustand';
import type { FilterForm } from './FilterPanel.tsx';

export type BrowseLayout = 'grid' | 'list';

/** Where the list was left: the page's scroll and the rows' measured sizes, for the list it was left on. */
export interface ListPlace {
  /** The list's identity (filters, sort, layout, columns); a place is only restored onto the same list. */
  key: string;
  scrollY: number;
  measurements: VirtualItem[];
}

/**
 * The filters as the buyer is typing them, before they are applied to the address: with the address they were
 * typed over (another address, after back or a shared link, shows its own filters instead).
 */
export interface FilterDraft {
  form: FilterForm;
  over: string;
  /** The typed field the address's last entry was made for: typing on in it rewrites that entry. */
  typing: keyof FilterForm | null;
}

interface BrowseState {
  draft: FilterDraft | null;
  layout: BrowseLayout;
  /** On phones the filters fold away; they stay open once opened. */
  filtersOpen: boolean;
  place: ListPlace | null;
  setDraft: (draft: FilterDraft | null) => void;
  setLayout: (layout: BrowseLayout) => void;
  setFiltersOpen: (open: boolean) => void;
  setPlace: (place: ListPlace) => void;
  reset: () => void;
}

const INITIAL = {
  draft: null,
  layout: 'grid',
  filtersOpen: false,
  place: null,
} as const;

/**
 * Browse's layout, place and the filters being typed, kept while the user looks at a car: back from the car finds
 * the same list at the same scroll, with the pages already loaded (React Query keeps them). The applied filters
 * and sort are the address's (useBrowseAddress.ts).
 */
export const useBrowseState = create<BrowseState>()((set) => ({
  ...INITIAL,
  setDraft: (draft) => set({ draft }),
  setLayout: (layout) => set({ layout }),
  setFiltersOpen: (filtersOpen) => set({ filtersOpen }),
  setPlace: (place) => set({ place }),
  reset: () => set(INITIAL),
}));

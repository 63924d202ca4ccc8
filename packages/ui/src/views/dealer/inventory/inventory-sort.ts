import type { SortingState } from '@tanstack/react-table';
import type { CarSort } from '@autoreel/core';

/**
 * The table sorts on the server (a page of thousands must be sorted as a whole), so a header can only ask for the
 * orders GET /cars/mine offers: newest first, price either way, lowest mileage first. A click that asks for any
 * other order (oldest first, highest mileage) falls back to newest first.
 */
export function serverSortFor(sorting: SortingState): CarSort {
  const [first] = sorting;
  if (first?.id === 'price') return first.desc ? 'price-high' : 'price-low';
  if (first?.id === 'mileage' && !first.desc) return 'mileage';
  return 'newest';
}

export function sortingFor(sort: CarSort): SortingState {
  switch (sort) {
    case 'price-low':
      return [{ id: 'price', desc: false }];
    case 'price-high':
      return [{ id: 'price', desc: true }];
    case 'mileage':
      return [{ id: 'mileage', desc: false }];
    case 'newest':
    case 'recently-reduced':
      return [{ id: 'createdAt', desc: true }];
  }
}

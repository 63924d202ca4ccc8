import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { cx } from '../../kit/cx.ts';
import { useHydrating } from '../../kit/useHydrating.ts';
import type { BrowseCar } from '../../cars/useBrowseCars.ts';
import { useBrowseState } from './useBrowseState.ts';
import { useGridColumns } from './useGridColumns.ts';
import styles from '../../cars/Cars.module.css';

/** A first guess of a row's height before it is measured: a grid card, a list card. */
export const ESTIMATED_ROW_HEIGHT = { grid: 440, list: 200 } as const;
/** Rows kept rendered above and below the screen once the list is scrolled, so a quick scroll shows no blanks. */
export const OVERSCAN_ROWS = 3;
/**
 * Before the first scroll, one row past the screen: the first screen renders and downloads the photos of the cards
 * it shows and the next, not five cards' worth on a slow phone (the server renders as many).
 */
export const FIRST_SCREEN_OVERSCAN_ROWS = 1;
/**
 * The cards of the server's render, before anything can be measured: as one row of the CSS grid, which lays them
 * out at any width (one column on a phone, three on a wide screen) where the measured rows then put them.
 */
export const FIRST_SCREEN_CARDS = 3;

export interface VirtualCarListProps {
  cars: readonly BrowseCar[];
  layout: 'grid' | 'list';
  label: string;
  /** `index` is the car's place in the list: the first card's photo is the page's largest paint. */
  renderCard: (car: BrowseCar, index: number) => ReactNode;
  /** What the cars were listed by (filters, sort); the place left on this list is restored on coming back. */
  placeKey: string;
}

/** The place left on this same list, scrolled back to once on mounting. */
function useRestoredPlace(key: string) {
  const [restored] = useState(() => {
    const place = useBrowseState.getState().place;
    return place?.key === key ? place : null;
  });
  useLayoutEffect(() => {
    if (restored) window.scrollTo(0, restored.scrollY);
  }, [restored]);
  return restored;
}

/** Follows the page's scroll, and on leaving stores it with the rows' measured sizes (useBrowseState.ts). */
function useKeepPlace(key: string, measurements: VirtualItem[]) {
  const latest = useRef({ key, measurements, scrollY: 0 });
  useLayoutEffect(() => {
    latest.current.key = key;
    latest.current.measurements = measurements;
  });
  useEffect(() => {
    const state = latest.current;
    const onScroll = () => {
      state.scrollY = window.scrollY;
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      const rows = state.measurements;
      useBrowseState.getState().setPlace({
        key: state.key,
        scrollY: state.scrollY,
        // The virtualizer's cache is a lazy view; a plain copy outlives it.
        measurements: Array.from({ length: rows.length }, (_, i) => ({ ...rows[i]! })),
      });
    };
  }, []);
}

/** Whether the page has scrolled since the list mounted, or was mounted scrolled (coming back to a place). */
function useScrolledOnce(): boolean {
  // Read after the first render: the server's render and the hydration that follows it start unscrolled alike.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    if (window.scrollY > 0) onScroll();
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled]);
  return scrolled;
}

/**
 * A long car list that renders only the rows near the screen (window scrolling): one car per row in the list
 * layout, a row of cards in the grid. Rows are measured once shown, so cards of any height line up.
 */
export function VirtualCarList({ cars, layout, label, renderCard, placeKey }: VirtualCarListProps) {
  const gridColumns = useGridColumns();
  const columns = layout === 'list' ? 1 : gridColumns;
  const rowCount = Math.ceil(cars.length / columns);
  const key = `${placeKey}|${layout}|${columns}`;
  const restored = useRestoredPlace(key);
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts on the page moves when anything above it changes height (the filter panel on phones,
  // an error line), so it is read after every render; setting an equal number does not render again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = listRef.current?.getBoundingClientRect().top ?? 0;
    setScrollMargin(Math.round(top + window.scrollY));
  });

  const scrolled = useScrolledOnce() || restored !== null;
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => ESTIMATED_ROW_HEIGHT[layout],
    overscan: scrolled ? OVERSCAN_ROWS : FIRST_SCREEN_OVERSCAN_ROWS,
    scrollMargin,
    gap: 16,
    initialMeasurementsCache: restored?.measurements,
    initialOffset: restored?.scrollY,
  });
  useKeepPlace(key, virtualizer.measurementsCache);
  // The server knows no screen: it renders the first cards in the page's flow, and the hydration keeps them; the
  // first card keeps its element when the measured rows take over, so the page's largest paint is not drawn again.
  const unmeasured = useHydrating();
  const rows: Pick<VirtualItem, 'index' | 'start'>[] = unmeasured
    ? [{ index: 0, start: virtualizer.options.scrollMargin }]
    : virtualizer.getVirtualItems();
  const perRow = unmeasured ? FIRST_SCREEN_CARDS : columns;

  return (
    <div
      ref={listRef}
      role="list"
      aria-label={label}
      className={styles.virtualList}
      style={unmeasured ? undefined : { height: virtualizer.getTotalSize() }}
    >
      {rows.map((row) => {
        const rowCars = cars.slice(row.index * perRow, row.index * perRow + perRow);
        return (
          // Keyed by its first car, not by the column count: the first row keeps its element (and the cards in it)
          // when hydration's single column becomes the screen's, so a tap landing just then is not lost.
          <div
            key={`${layout}-${rowCars[0]?.id ?? row.index}`}
            data-index={row.index}
            ref={unmeasured ? undefined : virtualizer.measureElement}
            className={cx(styles.grid, layout === 'list' && styles.list, styles.virtualRow)}
            style={
              unmeasured
                ? { position: 'relative' }
                : { transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }
            }
          >
            {rowCars.map((car, column) => (
              <div key={car.id} role="listitem">
                {renderCard(car, row.index * perRow + column)}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}

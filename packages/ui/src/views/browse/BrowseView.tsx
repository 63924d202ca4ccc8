import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { CAR_SORT_OPTIONS, carsAvailableText, type CarQuery, type CarSort } from '@autoreel/core';
import { Button } from '../../kit/Button.tsx';
import { cx } from '../../kit/cx.ts';
import { ErrorState, EmptyState } from '../../kit/States.tsx';
import { Spinner } from '../../kit/Spinner.tsx';
import { CarIcon, SearchIcon, SparklesIcon } from '../../kit/icons.tsx';
import { VerifiedMark } from '../../dealers/SellerTrust.tsx';
import { useNavigation } from '../../state/navigation.ts';
import { useLikeStatuses } from '../../social/useLikeStatuses.ts';
import { ActionCarCard } from '../../car-detail/ActionCarCard.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { useBrowseState, type BrowseLayout } from './useBrowseState.ts';
import { useBrowseAddress } from './useBrowseAddress.ts';
import { useBrowseCars } from '../../cars/useBrowseCars.ts';
import { useInfiniteScroll } from './useInfiniteScroll.ts';
import { EVERY_CAR, useCarQueryReader } from './useCarQueryReader.ts';
import { VirtualCarList } from './VirtualCarList.tsx';
import { SaveSearchButton } from '../../notifications/SaveSearchButton.tsx';
import styles from '../../cars/Cars.module.css';

/** Typing in a number or text filter waits this long before the list reloads, rather than once per keystroke. */
export const FILTER_DELAY_MS = 300;

/** The value once it has stopped changing for delayMs; a value that is not usable keeps the last one. */
function useSettled<T>(value: T, delayMs: number, same: (a: T, b: T) => boolean, usable: boolean): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (!usable || same(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs, same, usable]);
  return settled;
}

const sameFilters = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/** SPEC 2 'Hero banner': both the prompt and the button trigger the search focus action (discover). */
function HeroBanner({ onSearch }: { onSearch: () => void }) {
  return (
    <section className={styles.hero} aria-label="Search">
      <button type="button" className={styles.searchEntry} onClick={onSearch}>
        <SearchIcon size={22} />
        <span className={styles.searchText}>
          <span className={styles.searchPrompt}>What car are you looking for?</span>
          <span className={styles.searchHint}>Make, model, price range...</span>
        </span>
      </button>
      <Button icon={<SparklesIcon size={18} />} onClick={onSearch} className={styles.aiButton}>
        AI-Powered Discovery
      </Button>
    </section>
  );
}

function LayoutToggle({
  value,
  onChange,
}: {
  value: BrowseLayout;
  onChange: (layout: BrowseLayout) => void;
}) {
  return (
    <div className={styles.toggle} role="group" aria-label="Layout">
      {(['grid', 'list'] as const).map((layout) => (
        <button
          key={layout}
          type="button"
          className={cx(styles.toggleButton, value === layout && styles.toggleOn)}
          aria-pressed={value === layout}
          onClick={() => onChange(layout)}
        >
          {layout === 'grid' ? 'Grid' : 'List'}
        </button>
      ))}
    </div>
  );
}

/** A saved search's first name: what its filters say ('Electric SUV under 900,000'). */
function searchName(filters: CarQuery): string {
  const words = [filters.fuelType, filters.make, filters.model, filters.bodyType ?? 'cars'].filter(Boolean);
  const price = filters.maxPrice ? ` under ${filters.maxPrice.toLocaleString('en')}` : '';
  return `${words.join(' ')}${price}`.slice(0, 80);
}

/** SPEC 2 browse: search entry, filter panel, and the 'Premium Car Collection' grid with its count. */
export function BrowseView() {
  const navigate = useNavigation((s) => s.navigate);
  const openCar = useNavigation((s) => s.openCar);
  // Kept outside the view, so back from a car finds the same layout and place (useBrowseState.ts); the filters and
  // sort are the address's, so a shared address, back and forward bring them (useBrowseAddress.ts).
  const { layout, filtersOpen, setLayout, setFiltersOpen } = useBrowseState();
  const address = useBrowseAddress();
  const { applied, form } = address;
  const sort = applied.sort;
  const sortId = useId();

  // The form read as the one car query GET /cars takes: its messages and count of set filters.
  const read = useCarQueryReader(form);
  const errors = read.errors;
  const activeCount = read.active;
  // Typed filters go into the address once typing settles; a query the API would refuse (a minimum above its
  // maximum) does not, so the list keeps the last one until it is fixed.
  const settled = useSettled(form, FILTER_DELAY_MS, sameFilters, read.query !== null);
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (lastSettled.current === settled) return;
    lastSettled.current = settled;
    address.applyTyped(settled);
  });

  // The list is the address's query. Until the rules are here (they load after the first screen), a filtered
  // address waits rather than showing other cars; an address the rules refuse lists every car.
  const appliedRead = useCarQueryReader(applied.form);
  const waiting = appliedRead.query === null && Object.keys(appliedRead.errors).length === 0;
  const filters = appliedRead.query ?? EVERY_CAR;
  // The empty state speaks of the filters the shown results were fetched with.
  const appliedCount = appliedRead.query ? appliedRead.active : 0;
  const carQuery = useMemo(() => ({ ...filters, sort }), [filters, sort]);
  const query = useBrowseCars(carQuery, !waiting);
  const cars = query.data?.pages.flatMap((page) => page.cars) ?? [];
  const total = query.data?.pages[0]?.total;
  const totalEstimated = query.data?.pages[0]?.totalEstimated === true;
  const likeStatuses = useLikeStatuses(query.data?.pages.map((page) => page.cars.map((car) => car.id)) ?? []);
  // Scrolling near the end loads the next page; a failed page waits for Load More instead of retrying in a loop.
  const canLoadMore = query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useInfiniteScroll<HTMLDivElement>(canLoadMore, () => void query.fetchNextPage());

  const clearFilters = () => address.clear();

  let content;
  if (query.isPending) {
    content = (
      <div className={styles.loading} role="status">
        <Spinner size={28} label={null} />
        <p>Loading cars...</p>
      </div>
    );
  } else if (query.isError && cars.length === 0) {
    content = (
      <ErrorState
        title="Failed to fetch cars"
        message="The car list could not be loaded. Check your connection and try again."
        retryLabel="Retry"
        onRetry={() => void query.refetch()}
      />
    );
  } else if (cars.length === 0) {
    content = (
      <EmptyState
        icon={<CarIcon size={28} />}
        title={appliedCount > 0 ? 'No cars match your filters' : 'No cars available yet'}
        description={
          appliedCount > 0
            ? 'Try a wider price or year range, or clear the filters.'
            : 'Check back soon for new listings.'
        }
        headingLevel={3}
        actions={
          appliedCount > 0 ? (
            <Button variant="secondary" onClick={clearFilters}>
              Clear Filters
            </Button>
          ) : null
        }
      />
    );
  } else {
    content = (
      <>
        <VirtualCarList
          cars={cars}
          layout={layout}
          label="Cars"
          placeKey={JSON.stringify(carQuery)}
          renderCard={(car, index) => (
            <ActionCarCard
              car={car}
              layout={layout}
              onOpen={openCar}
              likeStatus={likeStatuses.get(car.id)}
              priority={index === 0}
            />
          )}
        />
        <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
        {query.isFetchNextPageError ? (
          <p className={styles.pageError} role="alert">
            Failed to fetch cars
          </p>
        ) : null}
        {query.hasNextPage ? (
          <div className={styles.more}>
            <Button
              variant="secondary"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Load More
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.inner}>
        <HeroBanner onSearch={() => navigate('discover')} />
        <div className={styles.layout}>
          <FilterPanel
            value={form}
            onChange={address.change}
            onClear={clearFilters}
            activeCount={activeCount}
            errors={errors}
            open={filtersOpen}
            onOpenChange={setFiltersOpen}
          />
          <section
            className={styles.results}
            aria-labelledby={`${sortId}-heading`}
            aria-busy={query.isFetching}
          >
            <div className={styles.resultsHead}>
              <div>
                <h1 id={`${sortId}-heading`} className={styles.heading}>
                  Premium Car Collection
                </h1>
                <p className={styles.count}>
                  {total !== undefined ? <span>{carsAvailableText(total, totalEstimated)}</span> : null}
                  <VerifiedMark className={styles.verified} />
                </p>
              </div>
              <div className={styles.controls}>
                <SaveSearchButton filters={carQuery} suggestedName={searchName(filters)} />
                <div className={styles.field}>
                  <label className={styles.fieldLabel} htmlFor={sortId}>
                    Sort by
                  </label>
                  <select
                    id={sortId}
                    className={styles.select}
                    value={sort}
                    onChange={(event) => address.setSort(event.target.value as CarSort)}
                  >
                    {CAR_SORT_OPTIONS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </div>
                <LayoutToggle value={layout} onChange={setLayout} />
              </div>
            </div>
            {content}
          </section>
        </div>
      </div>
    </div>
  );
}

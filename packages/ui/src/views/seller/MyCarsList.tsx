import { useState } from 'react';
import { ApiError } from '@autoreel/api-client';
import {
  CAR_STATUS_LABELS,
  carTitle,
  displayPrice,
  sellerStatusChoices,
  type CarStatus,
} from '@autoreel/core';
import { useApi } from '../../platform/ApiProvider.tsx';
import { Button } from '../../kit/Button.tsx';
import { Dialog } from '../../kit/Dialog.tsx';
import { CarIcon } from '../../kit/icons.tsx';
import { Spinner } from '../../kit/Spinner.tsx';
import { EmptyState, ErrorState } from '../../kit/States.tsx';
import { useToast } from '../../kit/Toast.tsx';
import { useNavigation } from '../../state/navigation.ts';
import type { BrowseCar } from '../../cars/useBrowseCars.ts';
import { MY_CARS_PAGE_SIZE, useMyCarActions, useMyCars } from '../../cars/useMyCars.ts';
import { HiddenMark } from '../../moderation/HiddenMark.tsx';
import styles from './Seller.module.css';

/** SPEC 8 'Car list' messages. */
export const FETCH_CARS_FAILED = 'Failed to fetch cars';
export const UPDATE_CAR_FAILED = 'Failed to update car';
export const DELETE_CAR_FAILED = 'Failed to delete car';

const reason = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

/**
 * Manage My Cars for private sellers, who have no dashboard: their own cars from GET /cars/mine in every status,
 * with a status select (SPEC 4: changed freely) and delete after a confirmation.
 */
export function MyCarsList({ onAddCar }: { onAddCar: () => void }) {
  // Each Load More adds the next page's cursor; every page is its own query under the one my-cars key.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cars = useMyCars(sellerPage(null));
  const { setStatus, remove } = useMyCarActions();
  const toast = useToast();
  const [deleting, setDeleting] = useState<BrowseCar | null>(null);

  const header = (
    <div className={styles.sectionHeader}>
      <h2 className={styles.sectionTitle}>My Cars</h2>
      <Button variant="secondary" size="sm" onClick={onAddCar}>
        List a car
      </Button>
    </div>
  );

  if (cars.isPending) {
    return (
      <section className={styles.section}>
        {header}
        <div className={styles.loading}>
          <Spinner label="Loading your cars" />
        </div>
      </section>
    );
  }
  if (cars.isError) {
    return (
      <section className={styles.section}>
        {header}
        <ErrorState
          title={FETCH_CARS_FAILED}
          message={cars.error.message}
          onRetry={() => void cars.refetch()}
        />
      </section>
    );
  }
  if (cars.data.cars.length === 0) {
    return (
      <section className={styles.section}>
        {header}
        <EmptyState
          icon={<CarIcon size={28} />}
          title="No cars listed yet"
          description="Cars you list appear here, where you can mark them sold or reserved."
          headingLevel={3}
          actions={<Button onClick={onAddCar}>List Your Car</Button>}
        />
      </section>
    );
  }

  const changeStatus = (car: BrowseCar, status: CarStatus) =>
    setStatus.mutate(
      { carId: car.id, status },
      {
        onSuccess: () =>
          toast({ title: `${carTitle(car)} is now ${CAR_STATUS_LABELS[status]}`, tone: 'success' }),
        onError: (error) => toast({ title: UPDATE_CAR_FAILED, description: reason(error), tone: 'error' }),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    const car = deleting;
    remove.mutate(car.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: `${carTitle(car)} deleted`, tone: 'success' });
      },
      onError: (error) => toast({ title: DELETE_CAR_FAILED, description: reason(error), tone: 'error' }),
    });
  };

  return (
    <section className={styles.section}>
      {header}
      <ul className={styles.carList}>
        {cursors.map((cursor) => (
          <MyCarsPage
            key={cursor ?? 'first'}
            cursor={cursor}
            busyId={setStatus.isPending ? setStatus.variables.carId : null}
            onStatus={changeStatus}
            onDelete={setDeleting}
          />
        ))}
      </ul>
      <LoadMoreCars
        cursor={cursors.at(-1) ?? null}
        onMore={(next) => setCursors((list) => [...list, next])}
      />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this car?"
        description={
          deleting ? `${carTitle(deleting)} and its photos and video are removed for good.` : undefined
        }
      >
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Keep it
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={confirmDelete}>
            Delete car
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

const sellerPage = (cursor: string | null) => ({ sort: 'newest' as const, limit: MY_CARS_PAGE_SIZE, cursor });

interface MyCarsPageProps {
  cursor: string | null;
  busyId: string | null;
  onStatus: (car: BrowseCar, status: CarStatus) => void;
  onDelete: (car: BrowseCar) => void;
}

/** The rows of one page of the seller's cars. */
function MyCarsPage({ cursor, busyId, onStatus, onDelete }: MyCarsPageProps) {
  const page = useMyCars(sellerPage(cursor));
  const { assetUrl } = useApi();
  const openCar = useNavigation((s) => s.openCar);
  return (page.data?.cars ?? []).map((car) => {
    const poster = assetUrl(car.poster ?? car.images[0]);
    return (
      <li key={car.id} className={styles.carRow}>
        {poster ? (
          <img className={styles.carThumb} src={poster} alt="" width={96} height={60} loading="lazy" />
        ) : (
          <span className={styles.carThumb} aria-hidden="true">
            <CarIcon size={24} />
          </span>
        )}
        <div className={styles.carInfo}>
          <button type="button" className={styles.carLink} onClick={() => openCar(car.id)}>
            {carTitle(car)}
          </button>
          <span className={styles.carPrice}>{displayPrice(car)}</span>
          <HiddenMark hidden={car.hiddenByModeration} />
        </div>
        <label className={styles.statusField}>
          <span className="ar-visually-hidden">Status of {carTitle(car)}</span>
          <select
            className={styles.statusSelect}
            value={car.status}
            disabled={busyId === car.id || car.status === 'draft'}
            onChange={(event) => onStatus(car, event.target.value as CarStatus)}
          >
            {sellerStatusChoices(car.status).map((status) => (
              <option key={status} value={status}>
                {CAR_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onDelete(car)}
          aria-label={`Delete ${carTitle(car)}`}
        >
          Delete
        </Button>
      </li>
    );
  });
}

/** Load More under the last page shown, while that page names a next one (or failed, to try it again). */
function LoadMoreCars({ cursor, onMore }: { cursor: string | null; onMore: (next: string) => void }) {
  // The same query as the last page's rows, so it costs no request of its own.
  const page = useMyCars(sellerPage(cursor));
  // While the page just asked for loads, the one before it stands in (placeholder), so the button spins.
  const loading = page.isPlaceholderData || page.isPending;
  const next = loading ? undefined : page.data?.nextCursor;
  if (page.isError) {
    return (
      <Button variant="secondary" onClick={() => void page.refetch()}>
        Load More
      </Button>
    );
  }
  if (!next && !loading) return null;
  return (
    <Button variant="secondary" loading={loading} onClick={() => next && onMore(next)}>
      Load More
    </Button>
  );
}

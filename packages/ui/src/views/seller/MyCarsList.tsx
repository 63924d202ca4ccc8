import { useState } from 'react';
import { ApiError } from '@autoreel/api-client';
import { CAR_STATUS_LABELS, CAR_STATUSES, carTitle, displayPrice, type CarStatus } from '@autoreel/core';
import { useApi } from '../../platform/ApiProvider.tsx';
import { Button } from '../../kit/Button.tsx';
import { Dialog } from '../../kit/Dialog.tsx';
import { CarIcon } from '../../kit/icons.tsx';
import { Spinner } from '../../kit/Spinner.tsx';
import { EmptyState, ErrorState } from '../../kit/States.tsx';
import { useToast } from '../../kit/Toast.tsx';
import { useNavigation } from '../../state/navigation.ts';
import type { BrowseCar } from '../../cars/useBrowseCars.ts';
import { useMyCarActions, useMyCars } from '../../cars/useMyCars.ts';
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
  const cars = useMyCars();
  const { setStatus, remove } = useMyCarActions();
  const { assetUrl } = useApi();
  const openCar = useNavigation((s) => s.openCar);
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
  const list = cars.data.pages.flatMap((page) => page.cars);
  if (list.length === 0) {
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
        {list.map((car) => {
          const poster = assetUrl(car.poster ?? car.images[0]);
          const busy = setStatus.isPending && setStatus.variables.carId === car.id;
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
              </div>
              <label className={styles.statusField}>
                <span className="ar-visually-hidden">Status of {carTitle(car)}</span>
                <select
                  className={styles.statusSelect}
                  value={car.status}
                  disabled={busy}
                  onChange={(event) => changeStatus(car, event.target.value as CarStatus)}
                >
                  {CAR_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {CAR_STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              </label>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setDeleting(car)}
                aria-label={`Delete ${carTitle(car)}`}
              >
                Delete
              </Button>
            </li>
          );
        })}
      </ul>
      {cars.hasNextPage ? (
        <Button
          variant="secondary"
          loading={cars.isFetchingNextPage}
          onClick={() => void cars.fetchNextPage()}
        >
          Load More
        </Button>
      ) : null}
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

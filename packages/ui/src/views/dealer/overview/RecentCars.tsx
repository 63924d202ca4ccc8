import { calendarDate, carTitle, displayPrice } from '@autoreel/core';
import { useApi } from '../../../platform/ApiProvider.tsx';
import { Button } from '../../../kit/Button.tsx';
import { CarIcon } from '../../../kit/icons.tsx';
import { EmptyState } from '../../../kit/States.tsx';
import { useNavigation } from '../../../state/navigation.ts';
import dashboard from '../Dashboard.module.css';
import { StatusBadge } from '../StatusBadge.tsx';
import styles from './Overview.module.css';
import type { DealerCar } from '../../../dealers/dealer-api.ts';

/** SPEC 6 dashboard: the five most recent cars, any status, each opening its detail page. */
export function RecentCars({ cars, onAddCar }: { cars: DealerCar[]; onAddCar: () => void }) {
  const api = useApi();
  const openCar = useNavigation((s) => s.openCar);
  if (cars.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        icon={<CarIcon size={28} />}
        title="No cars listed yet"
        description="Your newest listings show here once you add a car."
        actions={<Button onClick={onAddCar}>Add Car</Button>}
      />
    );
  }
  return (
    <ul className={styles.recent}>
      {cars.map((car) => {
        const poster = api.assetUrl(car.poster ?? car.images[0]);
        return (
          <li key={car.id}>
            <button type="button" className={styles.recentItem} onClick={() => openCar(car.id)}>
              {poster ? (
                <img src={poster} alt="" className={styles.thumb} loading="lazy" />
              ) : (
                <span className={styles.thumb} aria-hidden="true">
                  <CarIcon size={20} />
                </span>
              )}
              <span className={styles.recentText}>
                <span className={styles.recentTitle}>{carTitle(car)}</span>
                <span className={dashboard.muted}>
                  {displayPrice(car)} · Listed {calendarDate(car.createdAt)}
                </span>
              </span>
              <StatusBadge status={car.status} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

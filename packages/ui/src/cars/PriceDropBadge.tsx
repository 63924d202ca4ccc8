import { priceDropLabel, type PricedCar } from '@autoreel/core';
import styles from './Cars.module.css';

/** 'Price drop E35,000' on a car whose price fell in the last 14 days; nothing otherwise. */
export function PriceDropBadge({
  car,
  className,
}: {
  car: PricedCar & { priceDrop?: { amount: number } | null };
  className?: string;
}) {
  if (!car.priceDrop) return null;
  return (
    <span className={className ?? styles.priceDrop} data-testid="price-drop">
      {priceDropLabel(car.priceDrop.amount, car.currency)}
    </span>
  );
}

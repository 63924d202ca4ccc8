import { CAR_STATUS_LABELS, type CarStatus } from '@autoreel/core';
import styles from './Dashboard.module.css';

export function StatusBadge({ status }: { status: CarStatus }) {
  return (
    <span className={styles.badge} data-status={status}>
      {CAR_STATUS_LABELS[status]}
    </span>
  );
}

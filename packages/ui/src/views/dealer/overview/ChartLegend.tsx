import { ACTIVITY_METRICS } from '@autoreel/core';
import { METRIC_STYLE } from './metrics.ts';
import styles from './Overview.module.css';

export function ChartLegend() {
  return (
    <ul className={styles.legend} aria-hidden="true">
      {ACTIVITY_METRICS.map((metric) => (
        <li key={metric}>
          <span className={styles.swatch} style={{ background: METRIC_STYLE[metric].color }} />
          {METRIC_STYLE[metric].label}
        </li>
      ))}
    </ul>
  );
}

import { countOf, groupDigits } from '@autoreel/core';
import { ACTIVITY_METRICS, type ActivityMetric, type DealerOverview } from '@autoreel/core';
import { ChartLegend } from './ChartLegend.tsx';
import { METRIC_STYLE } from './metrics.ts';
import styles from './Overview.module.css';

const BAR_HEIGHT = 14;

type CarActivity = DealerOverview['cars'][number];

/** Where each metric's piece of a stacked bar starts and how wide it is, in percent of the busiest car. */
function barSegments(car: CarActivity, max: number) {
  const segments: { metric: ActivityMetric; x: number; width: number }[] = [];
  let x = 0;
  for (const metric of ACTIVITY_METRICS) {
    const width = (car[metric] / max) * 100;
    segments.push({ metric, x, width });
    x += width;
  }
  return segments;
}

/**
 * The busiest cars of the period: one stacked bar per car (views, likes, comments, contacts, messages), scaled to
 * the busiest car, with every figure written out beside it for reading and for screen readers.
 */
export function CarActivityChart({ cars }: { cars: DealerOverview['cars'] }) {
  const totals = cars.map((car) => ACTIVITY_METRICS.reduce((sum, m) => sum + car[m], 0));
  const max = Math.max(1, ...totals);
  return (
    <figure className={styles.chart}>
      <ol className={styles.carBars}>
        {cars.map((car, index) => {
          const segments = barSegments(car, max);
          return (
            <li key={car.id} className={styles.carBar}>
              <div className={styles.carBarHead}>
                <span className={styles.carBarTitle}>{car.title}</span>
                <span className={styles.carBarFigures}>
                  {ACTIVITY_METRICS.map((m) => countOf(car[m], METRIC_STYLE[m].unit)).join(' · ')}
                </span>
              </div>
              <svg
                viewBox={`0 0 100 ${BAR_HEIGHT}`}
                preserveAspectRatio="none"
                className={styles.barSvg}
                aria-hidden="true"
              >
                <rect x={0} y={0} width={100} height={BAR_HEIGHT} className={styles.barTrack} />
                {segments.map(({ metric, x, width }) => (
                  <rect
                    key={metric}
                    x={x}
                    y={0}
                    width={width}
                    height={BAR_HEIGHT}
                    fill={METRIC_STYLE[metric].color}
                  />
                ))}
              </svg>
              <span className="ar-visually-hidden">Total {groupDigits(totals[index] ?? 0)}</span>
            </li>
          );
        })}
      </ol>
      <ChartLegend />
    </figure>
  );
}

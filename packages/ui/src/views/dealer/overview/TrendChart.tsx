import { ACTIVITY_METRICS, type DealerOverview } from '@autoreel/core';
import { ChartLegend } from './ChartLegend.tsx';
import { dayOfMonth, groupDigits } from '@autoreel/core';
import { METRIC_STYLE } from './metrics.ts';
import styles from './Overview.module.css';

// Wide enough that the chart, scaled to a desktop card, keeps its labels near their drawn size.
const WIDTH = 960;
const HEIGHT = 240;
const PAD = { top: 12, right: 32, bottom: 28, left: 40 };

/** 'Nov 3' for '2026-11-03', in UTC like the API's days. */
function dayLabel(date: string): string {
  return dayOfMonth(`${date}T00:00:00Z`, undefined, 'UTC');
}

/** A round axis maximum at or above the largest value, so the gridlines read as whole numbers. */
export function niceMax(value: number): number {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * magnitude >= value / 4) ?? 10;
  return Math.ceil(value / (step * magnitude)) * step * magnitude;
}

/** Daily views, likes, comments, contacts and messages over the period, one line each. */
export function TrendChart({ daily }: { daily: DealerOverview['daily'] }) {
  const max = niceMax(Math.max(0, ...daily.flatMap((day) => ACTIVITY_METRICS.map((m) => day[m]))));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (daily.length <= 1 ? innerW / 2 : (i * innerW) / (daily.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const ticks = [0, max / 4, max / 2, (3 * max) / 4, max];
  const labelEvery = Math.ceil(daily.length / 7);
  const summary = ACTIVITY_METRICS.map(
    (m) => `${METRIC_STYLE[m].label}: ${groupDigits(daily.reduce((sum, day) => sum + day[m], 0))}`,
  ).join(', ');

  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Daily activity from ${dayLabel(daily[0]?.date ?? '')} to ${dayLabel(daily.at(-1)?.date ?? '')}. ${summary}.`}
        className={styles.svg}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className={styles.grid} />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className={styles.axis}>
              {groupDigits(Math.round(tick))}
            </text>
          </g>
        ))}
        {daily.map((day, i) =>
          i % labelEvery === 0 ? (
            <text key={day.date} x={x(i)} y={HEIGHT - 8} textAnchor="middle" className={styles.axis}>
              {dayLabel(day.date)}
            </text>
          ) : null,
        )}
        {ACTIVITY_METRICS.map((metric) => (
          <polyline
            key={metric}
            fill="none"
            stroke={METRIC_STYLE[metric].color}
            strokeWidth={2}
            strokeLinejoin="round"
            points={daily.map((day, i) => `${x(i)},${y(day[metric])}`).join(' ')}
          >
            <title>{METRIC_STYLE[metric].label}</title>
          </polyline>
        ))}
        {ACTIVITY_METRICS.flatMap((metric) =>
          daily.flatMap((day, i) =>
            day[metric] > 0
              ? [
                  <circle
                    key={`${metric}-${day.date}`}
                    cx={x(i)}
                    cy={y(day[metric])}
                    r={3.5}
                    fill={METRIC_STYLE[metric].color}
                  />,
                ]
              : [],
          ),
        )}
      </svg>
      <ChartLegend />
    </figure>
  );
}

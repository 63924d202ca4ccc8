import { useQuery } from '@tanstack/react-query';
import { dayOfMonth, displayPrice, type PricedCar } from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import styles from './CarDetail.module.css';

const WIDTH = 320;
const HEIGHT = 96;
const PAD = 8;

const dayLabel = (at: string) => dayOfMonth(at, undefined, 'UTC');

/**
 * A small step chart of a car's price over time (GET /cars/{id}/price-history), drawn only where the price changed.
 * Loaded on its own after the page (CarDetail imports it lazily), so it costs the first screen no JavaScript.
 */
export function PriceHistoryChart({ carId, currency }: { carId: string; currency: PricedCar['currency'] }) {
  const { client } = useApi();
  const history = useQuery({
    queryKey: ['car', carId, 'price-history'],
    queryFn: () => client.get('/cars/:id/price-history', { params: { id: carId } }),
  });
  const points = history.data?.points ?? [];
  if (points.length < 2) return null;
  const times = points.map((point) => Date.parse(point.at));
  const start = times[0]!;
  // The line runs on to when the history was read: the current price holds until now.
  const end = Math.max(history.dataUpdatedAt, times.at(-1)! + 1);
  const prices = points.map((point) => point.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const x = (time: number) => PAD + ((time - start) / (end - start)) * (WIDTH - 2 * PAD);
  const y = (price: number) =>
    high === low ? HEIGHT / 2 : PAD + ((high - price) / (high - low)) * (HEIGHT - 2 * PAD);
  // Each price holds until the next change: a horizontal run, then a vertical step.
  let path = `M ${x(times[0]!).toFixed(1)} ${y(prices[0]!).toFixed(1)}`;
  for (let at = 1; at < points.length; at += 1)
    path += ` H ${x(times[at]!).toFixed(1)} V ${y(prices[at]!).toFixed(1)}`;
  path += ` H ${x(end).toFixed(1)}`;
  const priceText = (price: number) => displayPrice({ price, currency });
  const summary = points.map((point) => `${priceText(point.price)} on ${dayLabel(point.at)}`).join(', ');
  return (
    <figure className={styles.priceHistory} data-testid="price-history-chart">
      <figcaption className={styles.muted}>Price history</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={`Price history: ${summary}`}
        preserveAspectRatio="none"
      >
        <path d={path} fill="none" stroke="currentColor" strokeWidth={2} vectorEffect="non-scaling-stroke" />
        {points.map((point, at) => (
          <circle key={point.at + at} cx={x(times[at]!)} cy={y(point.price)} r={3} fill="currentColor" />
        ))}
      </svg>
      <p className={styles.muted}>
        {priceText(prices[0]!)} → {priceText(prices.at(-1)!)}
      </p>
    </figure>
  );
}

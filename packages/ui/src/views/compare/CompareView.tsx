import { useQueries } from '@tanstack/react-query';
import { useEffect, type CSSProperties } from 'react';
import { ApiError } from '@autoreel/api-client';
import { carTitle, LINK_COPIED_MESSAGE, type PricingInsightsResult } from '@autoreel/core';
import { Button } from '../../kit/Button.tsx';
import { cx } from '../../kit/cx.ts';
import { EmptyState } from '../../kit/States.tsx';
import { Spinner } from '../../kit/Spinner.tsx';
import { useToast } from '../../kit/Toast.tsx';
import { ViewPage } from '../../kit/ViewPage.tsx';
import { useApi } from '../../platform/ApiProvider.tsx';
import { useHost } from '../../platform/HostContext.tsx';
import { COMPARE_LIMIT, comparePath, toggleCompared, useCompared } from '../../state/compare.ts';
import { useNavigation } from '../../state/navigation.ts';
import { useBackTo } from '../../state/useBackTo.ts';
import { carKey, fetchCar } from '../../cars/car-queries.ts';
import { pricingInsightKey } from '../../ai/usePricingInsights.ts';
import { compareRows, type ComparedCar, type CompareRow } from './compare-rows.ts';
import styles from './Compare.module.css';

/** Each chosen car's detail answer and its price against similar cars (optional: a failure shows '–'). */
function useComparedCars(ids: readonly string[]) {
  const { client } = useApi();
  const cars = useQueries({
    queries: ids.map((id) => ({
      queryKey: carKey(id),
      queryFn: () => fetchCar(client, id),
      retry: (count: number, error: unknown) =>
        !(error instanceof ApiError && error.status === 404) && count < 1,
    })),
  });
  const markets = useQueries({
    queries: ids.map((id) => ({
      queryKey: pricingInsightKey(id),
      retry: false,
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<PricingInsightsResult | null> =>
        client.post('/ai/pricing-insights', { carId: id }, { signal }).catch(() => null),
    })),
  });
  return ids.map((id, index) => ({ id, car: cars[index]!, market: markets[index]?.data ?? null }));
}

function Row({ row, header }: { row: CompareRow; header?: boolean }) {
  return (
    <tr className={cx(row.differs && styles.differs)} data-differs={row.differs || undefined}>
      <th scope="row" className={styles.label}>
        {row.label}
        {row.differs && !header ? <span className={styles.srOnly}> (differs)</span> : null}
      </th>
      {row.values.map((value, index) => (
        <td key={index} className={cx(row.best.includes(index) && styles.best)}>
          {value}
          {row.best.includes(index) ? <span className={styles.bestMark}>Best</span> : null}
        </td>
      ))}
    </tr>
  );
}

/**
 * Up to three cars side by side (the ids in state/compare.ts, kept on the device and in the address): price and its
 * position against similar cars, age, mileage, the car, days for sale, the seller and how they answer, and the
 * features one has and another lacks. Lines where the cars differ are marked, and the best figure of a line. On a
 * phone the table scrolls sideways under a label column that stays put.
 */
export function CompareView() {
  const ids = useCompared();
  const back = useBackTo('compare');
  const openCar = useNavigation((s) => s.openCar);
  const navigate = useNavigation((s) => s.navigate);
  const host = useHost();
  const toast = useToast();
  const columns = useComparedCars(ids);

  // The address follows the choice, so a reload or a shared link shows these cars.
  useEffect(() => {
    const path = comparePath(ids);
    if (`${window.location.pathname}${window.location.search}` !== path)
      window.history.replaceState(null, '', path);
  }, [ids]);

  const loaded = columns.flatMap((column) =>
    column.car.data?.id ? [{ id: column.id, compared: { car: column.car.data, market: column.market } }] : [],
  ) as { id: string; compared: ComparedCar }[];
  const rows = compareRows(
    loaded.map((one) => one.compared),
    new Date(),
  );
  const loading = columns.some((column) => column.car.isPending);
  const gone = columns.filter((column) => column.car.isError);

  const share = async () => {
    const url = `${window.location.origin}${comparePath(ids)}`;
    const title = 'Cars compared on AutoReel';
    if (await host.share({ title, text: title, url }).catch(() => false)) return;
    await host.copyToClipboard(url).then(
      () => toast({ title: LINK_COPIED_MESSAGE, tone: 'success' }),
      () => toast({ title: 'The link could not be copied', tone: 'error' }),
    );
  };

  return (
    <ViewPage
      title="Compare cars"
      purpose={`Up to ${COMPARE_LIMIT} cars side by side: where they differ is marked.`}
      onBack={back}
      backLabel="Back to browse"
    >
      {ids.length === 0 ? (
        <EmptyState
          title="No cars to compare yet"
          description={`Tap Compare on up to ${COMPARE_LIMIT} cars in Browse, your favourites or a car's page.`}
          actions={<Button onClick={() => navigate('browse')}>Browse cars</Button>}
        />
      ) : (
        <>
          <div className={styles.tools}>
            <p className={styles.count} role="status">
              {ids.length === 1
                ? 'Add another car to compare it with.'
                : `Comparing ${ids.length} of ${COMPARE_LIMIT} cars`}
            </p>
            <Button variant="secondary" size="sm" onClick={() => void share()}>
              Share comparison
            </Button>
          </div>
          {gone.map((column) => (
            <p key={column.id} className={styles.gone} role="alert">
              A car you chose is no longer listed.{' '}
              <Button variant="link" size="sm" onClick={() => toggleCompared(column.id)}>
                Remove it
              </Button>
            </p>
          ))}
          {loading ? <Spinner label="Loading the cars" /> : null}
          {loaded.length > 0 ? (
            <div className={styles.scroller} role="region" aria-label="Comparison" tabIndex={0}>
              <table className={styles.table} style={{ '--columns': loaded.length } as CSSProperties}>
                <caption className={styles.srOnly}>The chosen cars side by side</caption>
                <thead>
                  <tr>
                    <td className={styles.corner} />
                    {loaded.map(({ id, compared: { car } }) => (
                      <th key={id} scope="col" className={styles.carHead}>
                        <button type="button" className={styles.carLink} onClick={() => openCar(id)}>
                          {carTitle(car)}
                        </button>
                        <Button
                          variant="link"
                          size="sm"
                          onClick={() => toggleCompared(id)}
                          aria-label={`Remove ${carTitle(car)} from the comparison`}
                        >
                          Remove
                        </Button>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.specs.map((row) => (
                    <Row key={row.key} row={row} />
                  ))}
                  {rows.features.length > 0 ? (
                    <tr>
                      <th scope="rowgroup" colSpan={loaded.length + 1} className={styles.group}>
                        Features
                      </th>
                    </tr>
                  ) : null}
                  {rows.features.map((row) => (
                    <Row key={row.key} row={row} />
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      )}
    </ViewPage>
  );
}

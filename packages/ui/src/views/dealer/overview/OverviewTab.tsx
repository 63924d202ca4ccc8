import { useState } from 'react';
import { CAR_STATUSES, CAR_STATUS_LABELS, groupDigits } from '@autoreel/core';
import { cx } from '../../../kit/cx.ts';
import { Spinner } from '../../../kit/Spinner.tsx';
import type { DealerTab } from '../../../state/navigation.ts';
import dashboard from '../Dashboard.module.css';
import { ACTIVITY_METRICS, OVERVIEW_PERIODS, type OverviewPeriod } from '@autoreel/core';
import { useDealerOverview } from '../../../dealers/dealer-api.ts';
import { DealerQueryError } from '../DealerQueryError.tsx';
import { CarActivityChart } from './CarActivityChart.tsx';
import { METRIC_STYLE } from './metrics.ts';
import styles from './Overview.module.css';
import { RecentCars } from './RecentCars.tsx';
import { TrendChart } from './TrendChart.tsx';
import { VerificationReminder } from './VerificationReminder.tsx';

function Stat({ label, value, accent }: { label: string; value: number; accent?: string }) {
  return (
    <div className={styles.stat} style={accent ? { borderTopColor: accent } : undefined}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={styles.statValue}>{groupDigits(value)}</dd>
    </div>
  );
}

function PeriodSwitch({
  value,
  onChange,
}: {
  value: OverviewPeriod;
  onChange: (days: OverviewPeriod) => void;
}) {
  return (
    <div className={styles.period} role="group" aria-label="Period">
      {OVERVIEW_PERIODS.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={value === days}
          className={cx(styles.periodButton, value === days && styles.periodActive)}
          onClick={() => onChange(days)}
        >
          Last {days} days
        </button>
      ))}
    </div>
  );
}

/** SPEC 6 dashboard overview: real figures of the dealer's own cars over the last 7 or 30 days. */
export function OverviewTab({ onOpenTab }: { onOpenTab: (tab: DealerTab) => void }) {
  const [days, setDays] = useState<OverviewPeriod>(7);
  const overview = useDealerOverview(days);

  if (overview.isPending) return <Spinner label="Loading overview" />;
  if (overview.isError) {
    return (
      <DealerQueryError
        error={overview.error}
        fallback="Failed to load the overview"
        onRetry={() => void overview.refetch()}
      />
    );
  }
  const data = overview.data;
  const quiet = ACTIVITY_METRICS.every((metric) => data.totals[metric] === 0);

  return (
    <div className={dashboard.stack} aria-busy={overview.isFetching || undefined}>
      <VerificationReminder verification={data.verification} onOpenSettings={() => onOpenTab('settings')} />

      <section className={dashboard.card} aria-labelledby="overview-listings">
        <h2 id="overview-listings" className={dashboard.cardTitle}>
          Listings
        </h2>
        <dl className={styles.stats} aria-label="Listings by status">
          <Stat label="Total listings" value={data.listings.total} />
          {CAR_STATUSES.map((status) => (
            <Stat key={status} label={CAR_STATUS_LABELS[status]} value={data.listings[status]} />
          ))}
        </dl>
      </section>

      <section className={dashboard.card} aria-labelledby="overview-activity">
        <div className={dashboard.row}>
          <h2 id="overview-activity" className={dashboard.cardTitle}>
            Activity
          </h2>
          <span className={dashboard.spacer} />
          <PeriodSwitch value={days} onChange={setDays} />
        </div>
        <dl className={styles.stats} aria-label={`Activity in the last ${data.days} days`}>
          {ACTIVITY_METRICS.map((metric) => (
            <Stat
              key={metric}
              label={METRIC_STYLE[metric].label}
              value={data.totals[metric]}
              accent={METRIC_STYLE[metric].color}
            />
          ))}
        </dl>
        {quiet ? (
          <p className={dashboard.muted}>
            No views, likes, comments or messages in the last {data.days} days yet. Figures appear here as
            buyers find your cars.
          </p>
        ) : (
          <>
            <h3 className={styles.chartTitle}>Day by day</h3>
            <TrendChart daily={data.daily} />
            <h3 className={styles.chartTitle}>Per car (busiest first)</h3>
            <CarActivityChart cars={data.cars} />
          </>
        )}
      </section>

      <section className={dashboard.card} aria-labelledby="overview-recent">
        <h2 id="overview-recent" className={dashboard.cardTitle}>
          Recent cars
        </h2>
        <RecentCars cars={data.recentCars} onAddCar={() => onOpenTab('add')} />
      </section>
    </div>
  );
}

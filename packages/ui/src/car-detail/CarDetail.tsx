import { ApiError } from '@autoreel/api-client';
import { lazy, Suspense } from 'react';
import {
  BODY_TYPE_LABELS,
  carPhotos,
  carTitle,
  daysOnMarket,
  displayPrice,
  groupDigits,
  hasPrice,
  listedAgoText,
} from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { Button, IconButton } from '../kit/Button.tsx';
import { cx } from '../kit/cx.ts';
import { CarIcon, ChevronLeftIcon, ShareIcon } from '../kit/icons.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { useHydrating } from '../kit/useHydrating.ts';
import { EmptyState, ErrorState } from '../kit/States.tsx';
import { useNavigation } from '../state/navigation.ts';
import { ReportButton } from '../moderation/ReportButton.tsx';
import { ContactActions } from './ContactActions.tsx';
import { PhotoGallery } from './PhotoGallery.tsx';
import { isPrivateListing, sellerNameOf } from './detail-car.ts';
import { ReplyTimeLine, SellerBadgeMark } from '../dealers/SellerTrust.tsx';
import { useCar, type DetailCar } from '../cars/car-queries.ts';
import { usePricingInsight } from '../ai/usePricingInsights.ts';
import { useShareCar } from '../social/useShareCar.ts';
import { CompareToggle } from '../cars/CompareToggle.tsx';
import { PriceDropBadge } from '../cars/PriceDropBadge.tsx';
import styles from './CarDetail.module.css';

// Out of the first screen's JavaScript: fetched after the page has drawn (npm run size holds the budget).
const PriceHistoryChart = lazy(() =>
  import('./PriceHistoryChart.tsx').then((m) => ({ default: m.PriceHistoryChart })),
);

// Below the fold too: the finance calculator and core's amortisation formula come in their own chunk.
const FinanceCalculator = lazy(() =>
  import('./FinanceCalculator.tsx').then((m) => ({ default: m.FinanceCalculator })),
);

const POSITION_LABEL: Record<'below' | 'at' | 'above', string> = {
  below: 'Below market',
  at: 'At market',
  above: 'Above market',
};

/** The detail page of one car: gallery, specs, price with insight, seller and the ways to contact them. */
export function CarDetail({ carId }: { carId: string }) {
  const navigate = useNavigation((s) => s.navigate);
  const back = () => navigate('browse');
  const car = useCar(carId);

  if (car.isPending) {
    return (
      <div className={styles.center}>
        <Spinner label="Loading car details" />
      </div>
    );
  }
  if (car.isError) {
    const notFound = car.error instanceof ApiError && car.error.status === 404;
    return (
      <div className={styles.page}>
        {notFound ? null : <BackButton onBack={back} />}
        {notFound ? (
          <EmptyState
            icon={<CarIcon size={28} />}
            title="This car is no longer available"
            actions={<Button onClick={back}>Back to listings</Button>}
          />
        ) : (
          <ErrorState message={car.error.message} onRetry={() => void car.refetch()} />
        )}
      </div>
    );
  }
  return <Loaded car={car.data} carId={carId} onBack={back} />;
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <div className={styles.back}>
      <IconButton label="Back to listings" variant="solid" onClick={onBack}>
        <ChevronLeftIcon />
      </IconButton>
    </div>
  );
}

function Loaded({ car, carId, onBack }: { car: DetailCar; carId: string; onBack: () => void }) {
  const { assetUrl } = useApi();
  const title = carTitle(car) || 'Car details';
  const media = carPhotos(car);
  const video = car.videos?.map((v) => assetUrl(v)).find(Boolean);
  // The clip shows its poster before it is played, never an empty black box.
  const poster = assetUrl(car.poster ?? car.images?.find(Boolean));

  return (
    <div className={styles.page}>
      <BackButton onBack={onBack} />
      <div className={styles.layout}>
        {/* On a phone the first screen names the car, its price and key specs before the photos. */}
        <div className={styles.summary}>
          <h1 className={styles.title}>{title}</h1>
          <PricePanel car={car} carId={carId} history={false} />
          <KeySpecs car={car} />
        </div>
        <div className={styles.mediaColumn}>
          <PhotoGallery photos={media} title={title} />
          {/* Loaded when played: on a slow phone the clip would otherwise share the connection with the photos, and
              the player's loading would share the main thread with the page's start-up. */}
          {video ? (
            <video
              className={styles.video}
              src={video}
              poster={poster}
              muted
              controls
              playsInline
              preload="none"
              aria-label={`Video of the ${title}`}
            />
          ) : null}
        </div>
        <div className={styles.infoColumn}>
          <div className={styles.actions}>
            <ContactActions car={car} carId={carId} />
            <ShareButton carId={carId} title={title} />
            <CompareToggle carId={carId} title={title} />
            <ReportButton targetType="car" targetId={carId} name={`this ${title}`} />
          </div>
          <LazyPriceHistory carId={carId} currency={car.currency} />
          <LazyFinance car={car} />
          <CarFacts car={car} />
        </div>
      </div>
    </div>
  );
}

/** The few facts a buyer scans first: year, mileage, fuel and gearbox. */
export function KeySpecs({ car }: { car: DetailCar }) {
  const facts = [
    car.year ? String(car.year) : null,
    typeof car.mileage === 'number' ? formatKm(car.mileage) : null,
    car.fuelType,
    car.transmission,
  ].filter((f): f is string => !!f);
  if (facts.length === 0) return null;
  return (
    <ul className={styles.keySpecs} aria-label="Key specifications">
      {facts.map((fact) => (
        <li key={fact}>{fact}</li>
      ))}
    </ul>
  );
}

const formatKm = (km: number) => `${groupDigits(km)} km`;

/** Seller, specifications, description and features: the facts the detail page and the feed's panel share. */
export function CarFacts({ car }: { car: DetailCar }) {
  return (
    <>
      <SellerInfo car={car} />
      <Specs car={car} />
      {car.description ? (
        <section className={styles.section}>
          <h2 className={styles.heading}>Description</h2>
          <p className={styles.description}>{car.description}</p>
        </section>
      ) : null}
      {car.features?.length ? (
        <section className={styles.section}>
          <h2 className={styles.heading}>Features</h2>
          <ul className={styles.features}>
            {car.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/**
 * The price, its drop and age, its market position and (unless `history` is false: the detail page draws it below
 * its actions, so its late arrival moves no button) the price history.
 */
export function PricePanel({
  car,
  carId,
  history = true,
}: {
  car: DetailCar;
  carId: string;
  history?: boolean;
}) {
  const insight = usePricingInsight(carId, true);
  const raw = insight.data?.marketPosition;
  const position = raw === 'fair' ? 'at' : raw;
  return (
    <section className={styles.pricePanel} aria-label="Price">
      <p className={styles.price}>{displayPrice(car)}</p>
      <PriceDropBadge car={car} />
      {car.createdAt ? <ListedAgo listedAt={car.createdAt} /> : null}
      {position ? (
        <p className={cx(styles.insight, styles[position])} data-testid="pricing-insight">
          <strong>{POSITION_LABEL[position]}</strong>
          {insight.data?.insights.length ? <span> {insight.data.insights.join(' ')}</span> : null}
        </p>
      ) : null}
      {history ? <LazyPriceHistory carId={carId} currency={car.currency} /> : null}
    </section>
  );
}

/**
 * 'Listed 12 days ago', drawn after hydration so the server's render and the browser's agree; until then an empty
 * line of the same height holds its place, so nothing below it moves under a finger when it comes.
 */
function ListedAgo({ listedAt }: { listedAt: string }) {
  if (useHydrating())
    return (
      <p className={styles.listedAgo} aria-hidden="true">
        {'\u00a0'}
      </p>
    );
  return (
    <p className={styles.listedAgo} data-testid="listed-ago">
      {listedAgoText(daysOnMarket(listedAt))}
    </p>
  );
}

/** The price history chart, loaded once the page is up (never in the server's render). */
function LazyPriceHistory({ carId, currency }: { carId: string; currency: DetailCar['currency'] }) {
  if (useHydrating()) return null;
  return (
    <Suspense fallback={null}>
      <PriceHistoryChart carId={carId} currency={currency} />
    </Suspense>
  );
}

/** The finance estimate, loaded once the page is up (never in the server's render); nothing for an unpriced car. */
function LazyFinance({ car }: { car: DetailCar }) {
  if (useHydrating() || !hasPrice(car.price)) return null;
  return (
    <Suspense fallback={null}>
      <FinanceCalculator car={car} />
    </Suspense>
  );
}

function SellerInfo({ car }: { car: DetailCar }) {
  const isPrivate = isPrivateListing(car);
  const name = sellerNameOf(car);
  const location = car.dealerLocation || car.sellerLocation;
  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>{isPrivate ? 'Seller' : 'Dealer'}</h2>
      <div className={styles.seller}>
        {name ? <p className={styles.sellerName}>{name}</p> : null}
        {isPrivate ? <span className={styles.badge}>Private Seller</span> : null}
        <SellerBadgeMark badge={car.sellerBadge} />
        {location ? <p className={styles.muted}>{location}</p> : null}
        <ReplyTimeLine replyTime={car.replyTime} />
        {typeof car.dealerRating === 'number' && car.dealerRating > 0 ? (
          <p className={styles.muted} aria-label={`Rated ${car.dealerRating} out of 5`}>
            ★ {car.dealerRating.toFixed(1)}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function Specs({ car }: { car: DetailCar }) {
  const colours = [car.exteriorColor || car.color, car.interiorColor && `${car.interiorColor} interior`]
    .filter(Boolean)
    .join(', ');
  const rows: [string, string | undefined][] = [
    ['Year', car.year ? String(car.year) : undefined],
    ['Mileage', typeof car.mileage === 'number' ? formatKm(car.mileage) : undefined],
    ['Fuel', car.fuelType],
    ['Transmission', car.transmission],
    ['Body', car.bodyType ? (BODY_TYPE_LABELS[car.bodyType] ?? car.bodyType) : undefined],
    ['Seats', typeof car.seats === 'number' && car.seats > 0 ? String(car.seats) : undefined],
    ['Colour', colours || undefined],
    ['Condition', car.condition],
  ];
  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>Specifications</h2>
      <table className={styles.specs}>
        <tbody>
          {rows
            .filter((r): r is [string, string] => !!r[1])
            .map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </section>
  );
}

function ShareButton({ carId, title }: { carId: string; title: string }) {
  const share = useShareCar();
  return (
    <Button variant="secondary" icon={<ShareIcon size={18} />} onClick={() => void share(carId, title)}>
      Share
    </Button>
  );
}

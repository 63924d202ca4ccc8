import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '@autoreel/api-client';
import { carPhotos, carTitle, displayPrice, type Photo } from '@autoreel/core';
import { useApi } from '../../api/ApiProvider.tsx';
import { Button, cx, IconButton } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ResponsivePhoto } from '../../components/ResponsivePhoto.tsx';
import { CarIcon, ChevronLeftIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { EmptyState, ErrorState } from '../../components/States.tsx';
import { useNavigation } from '../../state/navigation.ts';
import { ContactActions } from './ContactActions.tsx';
import { isPrivateListing, sellerNameOf, type DetailCar } from './detail-car.ts';
import { useShareCar } from './useShareCar.ts';
import styles from './CarDetail.module.css';

export interface PricingInsightAnswer {
  marketPrice?: number | null;
  insights?: string | null;
  marketPosition?: 'below' | 'at' | 'above' | 'fair' | null;
  comparables?: number;
  confidence?: number;
}

const POSITION_LABEL: Record<'below' | 'at' | 'above', string> = {
  below: 'Below market',
  at: 'At market',
  above: 'Above market',
};

function useCar(carId: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: ['car', carId],
    queryFn: () => client.get<DetailCar>(`/cars/${encodeURIComponent(carId)}`),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

function usePricingInsight(carId: string, enabled: boolean) {
  const { client } = useApi();
  return useQuery({
    queryKey: ['pricing-insights', carId],
    enabled,
    retry: false,
    queryFn: async () => {
      try {
        return await client.post<PricingInsightAnswer>('/ai/pricing-insights', { carId });
      } catch (error) {
        // An insight is optional: a failure is only logged and the panel shows nothing.
        console.warn('Pricing insight unavailable', error);
        return null;
      }
    },
  });
}

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

  return (
    <div className={styles.page}>
      <BackButton onBack={onBack} />
      <div className={styles.layout}>
        <div className={styles.mediaColumn}>
          <Gallery photos={media} title={title} />
          {video ? (
            <video
              className={styles.video}
              src={video}
              muted
              controls
              playsInline
              aria-label={`Video of the ${title}`}
            />
          ) : null}
        </div>
        <div className={styles.infoColumn}>
          <h1 className={styles.title}>{title}</h1>
          <PricePanel car={car} carId={carId} />
          <div className={styles.actions}>
            <ContactActions car={car} carId={carId} />
            <ShareButton carId={carId} title={title} />
          </div>
          <CarFacts car={car} />
        </div>
      </div>
    </div>
  );
}

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

/** The main photo's drawn width: half the page beside the facts on wide screens, the whole width on phones. */
const GALLERY_SIZES = '(min-width: 1024px) 50vw, 100vw';

function Gallery({ photos, title }: { photos: Photo[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [viewer, setViewer] = useState(false);
  const count = photos.length;
  const current = photos[Math.min(index, count - 1)];
  const step = (delta: number) => setIndex((i) => (i + delta + count) % count);

  useEffect(() => {
    if (!viewer || count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') setIndex((i) => (i - 1 + count) % count);
      if (event.key === 'ArrowRight') setIndex((i) => (i + 1) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [viewer, count]);

  if (!current) {
    return (
      <div className={styles.noImage} role="img" aria-label={`No photos of the ${title}`}>
        <CarIcon size={40} />
      </div>
    );
  }
  const alt = (i: number) => `${title}, photo ${i + 1} of ${count}`;
  return (
    <section className={styles.gallery} aria-label="Photos">
      <button
        type="button"
        className={styles.mainImage}
        onClick={() => setViewer(true)}
        aria-label="View full screen"
      >
        {/* The page's largest paint: fetched ahead of the thumbnails. */}
        <ResponsivePhoto
          key={current.src}
          photo={current}
          sizes={GALLERY_SIZES}
          alt={alt(index)}
          fetchPriority="high"
        />
      </button>
      {count > 1 ? (
        <ul className={styles.thumbs}>
          {photos.map((photo, i) => (
            <li key={photo.src}>
              <button
                type="button"
                className={cx(styles.thumb, i === index && styles.thumbActive)}
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1}`}
                aria-pressed={i === index}
              >
                <ResponsivePhoto photo={photo} sizes="72px" alt="" loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog open={viewer} onOpenChange={setViewer} title={title}>
        <div className={styles.viewer}>
          <ResponsivePhoto
            key={current.src}
            photo={current}
            sizes="100vw"
            alt={alt(index)}
            className={styles.viewerImage}
          />
          {count > 1 ? (
            <div className={styles.viewerNav}>
              <Button variant="secondary" onClick={() => step(-1)}>
                Previous photo
              </Button>
              <span aria-live="polite">
                {index + 1} / {count}
              </span>
              <Button variant="secondary" onClick={() => step(1)}>
                Next photo
              </Button>
            </div>
          ) : null}
        </div>
      </Dialog>
    </section>
  );
}

export function PricePanel({ car, carId }: { car: DetailCar; carId: string }) {
  const insight = usePricingInsight(carId, true);
  const raw = insight.data?.marketPosition;
  const position = raw === 'fair' ? 'at' : raw;
  return (
    <section className={styles.pricePanel} aria-label="Price">
      <p className={styles.price}>{displayPrice(car)}</p>
      {position ? (
        <p className={cx(styles.insight, styles[position])} data-testid="pricing-insight">
          <strong>{POSITION_LABEL[position]}</strong>
          {insight.data?.insights ? <span> {insight.data.insights}</span> : null}
        </p>
      ) : null}
    </section>
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
        {location ? <p className={styles.muted}>{location}</p> : null}
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
    ['Mileage', typeof car.mileage === 'number' ? `${car.mileage.toLocaleString('en-US')} km` : undefined],
    ['Fuel', car.fuelType],
    ['Transmission', car.transmission],
    ['Body', car.bodyType],
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
    <Button variant="ghost" onClick={() => void share(carId, title)}>
      Share
    </Button>
  );
}

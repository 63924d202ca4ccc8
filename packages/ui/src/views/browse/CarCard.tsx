import { displayPrice, formatAmount, likedAtLabel, type MatchResult } from '@autoreel/core';
import { cx } from '../../components/Button.tsx';
import { CarIcon } from '../../components/icons.tsx';
import { useApi } from '../../api/ApiProvider.tsx';
import type { BrowseCar } from './useBrowseCars.ts';
import styles from './Browse.module.css';

/** The poster's intrinsic box, set on the image so the grid does not shift while posters load. */
export const POSTER_WIDTH = 640;
export const POSTER_HEIGHT = 400;

export function isPrivateListing(car: BrowseCar): boolean {
  return car.isPrivateSeller ?? car.sellerType === 'private';
}

export interface CarCardProps {
  car: BrowseCar;
  layout: 'grid' | 'list';
  onOpen: (carId: string) => void;
  /** AI results: score banner, up to two reasons, lifestyle note and price insight (SPEC 2 'Car card'). */
  match?: Pick<MatchResult, 'matchScore' | 'reasons' | 'lifestyleMatch' | 'pricingInsight'>;
  /** Favourites: when the buyer liked the car, shown as 'Today', 'Yesterday', 'N days ago'... */
  likedAt?: string;
  /** Like state of the card's like button; without it the button is not shown. */
  like?: { liked: boolean; totalLikes: number; onToggle: () => void };
  /** Start a chat with the seller; without it the card reads 'Chat not available'. */
  onStartChat?: (car: BrowseCar) => void;
}

/** One car of the browse list: poster, price badge, title, key specs and who sells it. */
export function CarCard({ car, layout, onOpen, likedAt }: CarCardProps) {
  const { assetUrl } = useApi();
  const title = `${car.year} ${car.make} ${car.model}`;
  const poster = assetUrl(car.poster ?? car.images[0]);
  const privateSeller = isPrivateListing(car);
  const seller = privateSeller ? (car.sellerName ?? car.seller?.name) : (car.dealerName ?? car.sellerName);
  return (
    <article className={cx(styles.card, layout === 'list' && styles.cardList)} aria-label={title}>
      {likedAt ? <p className={styles.likedBanner}>Liked {likedAtLabel(likedAt, new Date())}</p> : null}
      <div className={styles.media}>
        {poster ? (
          <img
            className={styles.poster}
            src={poster}
            alt={title}
            width={POSTER_WIDTH}
            height={POSTER_HEIGHT}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <div className={styles.posterFallback} aria-hidden="true">
            <CarIcon size={40} />
          </div>
        )}
        <span className={styles.priceBadge}>{displayPrice(car)}</span>
      </div>
      <div className={styles.body}>
        <h3 className={styles.cardTitle}>
          <button type="button" className={styles.cardLink} onClick={() => onOpen(car.id)}>
            {title}
          </button>
        </h3>
        <ul className={styles.specs} aria-label="Specifications">
          <li>{formatAmount(car.mileage)} km</li>
          <li>{car.fuelType}</li>
          <li>{car.transmission}</li>
        </ul>
        <p className={styles.seller}>
          {privateSeller ? <span className={styles.privateLabel}>Private Seller</span> : null}
          {seller ? <span>{seller}</span> : null}
        </p>
      </div>
    </article>
  );
}

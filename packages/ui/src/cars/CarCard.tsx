import { CompareToggle } from './CompareToggle.tsx';
import {
  carTitle,
  countOf,
  displayPrice,
  formatAmount,
  likedAtLabel,
  type MatchResult,
  type PricingInsight,
} from '@autoreel/core';
import { cx } from '../kit/cx.ts';
import { CarIcon, ChatIcon, HeartIcon, TagIcon } from '../kit/icons.tsx';
import { useApi } from '../platform/ApiProvider.tsx';
import { MatchBadge, MatchReasons } from './MatchScore.tsx';
import { CARD_GRID_SIZES } from './photo-sizes.ts';
import { ResponsivePhoto } from './ResponsivePhoto.tsx';
import type { BrowseCar } from './useBrowseCars.ts';
import styles from './Cars.module.css';
import { PriceDropBadge } from './PriceDropBadge.tsx';

/** The poster's intrinsic box, set on the image so the grid does not shift while posters load. */
export const POSTER_WIDTH = 640;
export const POSTER_HEIGHT = 400;
/** How wide a card's poster is drawn in the list layout: 240 px. */
const CARD_LIST_SIZES = '(min-width: 640px) 240px, 100vw';

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
  /**
   * Favourites: takes the car off the buyer's favourites from the list ('Remove {year make model} from favorites');
   * without it the button is not shown.
   */
  onRemoveFavorite?: () => void;
  /** Like state of the card's like button; without it the button is not shown. */
  like?: { liked: boolean; totalLikes: number; onToggle: () => void };
  /** Start a chat with the seller; without it the card reads 'Chat not available'. */
  onStartChat?: (car: BrowseCar) => void;
  /** Offers Compare (on by default); a listing's preview, not yet a car, has none. */
  comparable?: boolean;
  /** The first card on screen: its photo loads at once and first (the page's largest paint), not lazily. */
  priority?: boolean;
}

const POSITION_LABELS: Readonly<Record<PricingInsight['marketPosition'], string>> = {
  below: 'Below market',
  at: 'Fair price',
  fair: 'Fair price',
  above: 'Above market',
};

type CardMatch = NonNullable<CarCardProps['match']>;

/** Up to two reasons, the lifestyle note and the price insight of an AI result (SPEC 2 'Car card'). */
function MatchDetails({ match }: { match: CardMatch }) {
  const insight = match.pricingInsight;
  return (
    <>
      <MatchReasons reasons={match.reasons} />
      {match.lifestyleMatch ? <p className={styles.lifestyle}>{match.lifestyleMatch}</p> : null}
      {insight ? (
        <p className={cx(styles.insight, styles[`insight_${insight.marketPosition}`])}>
          <TagIcon size={14} />
          <span>
            <strong>{POSITION_LABELS[insight.marketPosition]}</strong> {insight.suggestion}
          </span>
        </p>
      ) : null}
    </>
  );
}

function LikeButton({ like, title }: { like: NonNullable<CarCardProps['like']>; title: string }) {
  return (
    <button
      type="button"
      className={cx(styles.likeButton, like.liked && styles.liked)}
      aria-pressed={like.liked}
      aria-label={`${like.liked ? 'Unlike' : 'Like'} ${title}, ${countOf(like.totalLikes, 'like')}`}
      onClick={like.onToggle}
    >
      <HeartIcon size={18} />
      <span aria-hidden="true">{like.totalLikes}</span>
    </button>
  );
}

/**
 * One car of a list: poster, price badge, title, key specs and who sells it; for AI results also the match
 * banner and its reasons; the like button when `like` is given, and the chat button or 'Chat not available'.
 */
export function CarCard({
  car,
  layout,
  onOpen,
  likedAt,
  match,
  like,
  onRemoveFavorite,
  onStartChat,
  priority,
  comparable = true,
}: CarCardProps) {
  const { assetUrl } = useApi();
  const title = carTitle(car);
  const poster = assetUrl(car.poster ?? car.images[0]);
  const privateSeller = isPrivateListing(car);
  const seller = privateSeller ? (car.sellerName ?? car.seller?.name) : (car.dealerName ?? car.sellerName);
  return (
    <article className={cx(styles.card, layout === 'list' && styles.cardList)} aria-label={title}>
      {match ? <MatchBadge score={match.matchScore} /> : null}
      {likedAt ? <p className={styles.likedBanner}>Liked {likedAtLabel(likedAt, new Date())}</p> : null}
      <div className={styles.media}>
        {poster ? (
          <ResponsivePhoto
            className={styles.poster}
            photo={car.posterPhoto}
            fallbackSrc={poster}
            sizes={layout === 'list' ? CARD_LIST_SIZES : CARD_GRID_SIZES}
            alt={title}
            width={POSTER_WIDTH}
            height={POSTER_HEIGHT}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
          />
        ) : (
          <div className={styles.posterFallback} aria-hidden="true">
            <CarIcon size={40} />
          </div>
        )}
        <span className={styles.priceBadge}>{displayPrice(car)}</span>
        {like ? <LikeButton like={like} title={title} /> : null}
        {onRemoveFavorite ? (
          // A full heart, as on a liked car; 'Remove' says what the press does.
          <button
            type="button"
            className={cx(styles.likeButton, styles.liked, styles.removeFavorite)}
            aria-label={`Remove ${title} from favorites`}
            onClick={onRemoveFavorite}
          >
            <HeartIcon size={18} />
            <span aria-hidden="true">Remove</span>
          </button>
        ) : null}
      </div>
      <div className={styles.body}>
        <h3 className={styles.cardTitle}>
          <button type="button" className={styles.cardLink} onClick={() => onOpen(car.id)}>
            {title}
          </button>
        </h3>
        <PriceDropBadge car={car} />
        <ul className={styles.specs} aria-label="Specifications">
          <li>{formatAmount(car.mileage)} km</li>
          <li>{car.fuelType}</li>
          <li>{car.transmission}</li>
        </ul>
        <p className={styles.seller}>
          {privateSeller ? <span className={styles.privateLabel}>Private Seller</span> : null}
          {seller ? <span>{seller}</span> : null}
        </p>
        {match ? <MatchDetails match={match} /> : null}
        {comparable ? <CompareToggle carId={car.id} title={title} /> : null}
        {onStartChat ? (
          // 'Message' is the in-app act's one word everywhere (the feed, the detail page, the dealer's profile).
          <button
            type="button"
            className={styles.chatButton}
            aria-label={privateSeller ? 'Message seller' : 'Message dealer'}
            onClick={() => onStartChat(car)}
          >
            <ChatIcon size={16} />
            Message
          </button>
        ) : (
          <p className={styles.chatUnavailable}>Chat not available</p>
        )}
      </div>
    </article>
  );
}

import { useId, useState, type FormEvent } from 'react';
import {
  RATING_LABELS,
  RATING_MAX,
  RATING_MIN,
  ReviewCreateBodySchema,
  displayPrice,
  groupDigits,
  calendarDate,
} from '@autoreel/core';
import { useApi } from '../platform/ApiProvider.tsx';
import { failureLine } from '../platform/form-errors.ts';
import { Button } from '../kit/Button.tsx';
import { Dialog } from '../kit/Dialog.tsx';
import { PhoneIcon, ChatIcon } from '../kit/icons.tsx';
import { Spinner } from '../kit/Spinner.tsx';
import { ErrorState } from '../kit/States.tsx';
import { useStartChat } from '../messaging/useStartChat.ts';
import { useNavigation } from '../state/navigation.ts';
import { feedCarTitle } from '../cars/feed-rules.ts';
import { LoadMore } from '../kit/LoadMore.tsx';
import {
  useDealerCars,
  useDealerReviews,
  usePostReview,
  usePublicDealer,
  type PublicDealer,
} from '../dealers/dealer-profile.ts';
import styles from '../kit/Overlays.module.css';

export interface DealerProfileProps {
  dealerId: string;
  carId: string;
  signedIn: boolean;
  onClose: () => void;
  onLoginRequired: () => void;
}

/**
 * The dealer profile over the feed (SPEC 2 'Car browser'): name, location, stats, Call and Message, the dealer's
 * available cars, customer reviews ten at a time, and a review form for signed-in buyers.
 */
export function DealerProfile({ dealerId, carId, signedIn, onClose, onLoginRequired }: DealerProfileProps) {
  const dealer = usePublicDealer(dealerId);
  const title = dealer.data?.name ?? 'Dealer profile';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      {dealer.isPending ? (
        <div className={styles.center}>
          <Spinner label="Loading dealer" />
        </div>
      ) : dealer.isError ? (
        <ErrorState message={dealer.error.message} onRetry={() => void dealer.refetch()} />
      ) : (
        <div className={styles.stack}>
          <DealerSummary dealer={dealer.data} dealerId={dealerId} carId={carId} />
          <DealerCars dealerId={dealerId} onOpened={onClose} />
          <DealerReviews dealerId={dealerId} signedIn={signedIn} onLoginRequired={onLoginRequired} />
        </div>
      )}
    </Dialog>
  );
}

function DealerSummary({
  dealer,
  dealerId,
  carId,
}: {
  dealer: PublicDealer;
  dealerId: string;
  carId: string;
}) {
  const startChat = useStartChat();
  const verified = dealer.isVerified ?? dealer.verified;
  const cars = dealer.activeCars ?? dealer.carCount;
  const rating = dealer.rating ?? 0;
  return (
    <section className={styles.stack} aria-label="About the dealer">
      {dealer.location ? <p className={styles.muted}>{dealer.location}</p> : null}
      {verified ? <p className={styles.badge}>Verified Dealer</p> : null}
      <dl className={styles.stats}>
        <div>
          <dt>Cars</dt>
          <dd>{groupDigits(cars ?? 0)}</dd>
        </div>
        <div>
          <dt>Rating</dt>
          <dd>{rating > 0 ? `★ ${rating.toFixed(1)}` : '-'}</dd>
        </div>
        <div>
          <dt>Reviews</dt>
          <dd>{groupDigits(dealer.reviewCount ?? 0)}</dd>
        </div>
      </dl>
      <div className={styles.row}>
        {dealer.phone ? (
          <a className={styles.linkButton} href={`tel:${dealer.phone.replace(/[^\d+]/g, '')}`}>
            <PhoneIcon size={18} /> Call
          </a>
        ) : null}
        <Button icon={<ChatIcon size={18} />} onClick={() => startChat({ id: carId, dealerId })}>
          Message
        </Button>
      </div>
    </section>
  );
}

function DealerCars({ dealerId, onOpened }: { dealerId: string; onOpened: () => void }) {
  const { assetUrl } = useApi();
  const openCar = useNavigation((s) => s.openCar);
  const cars = useDealerCars(dealerId);
  const available = (cars.data?.cars ?? []).filter((c) => !c.status || c.status === 'active');
  return (
    <section className={styles.stack}>
      <h3 className={styles.heading}>Available cars</h3>
      {cars.isPending ? (
        <Spinner label="Loading cars" />
      ) : available.length === 0 ? (
        <p className={styles.muted}>No cars available right now.</p>
      ) : (
        <ul className={styles.carGrid}>
          {available.map((car) => {
            const poster = assetUrl(car.poster ?? car.images?.[0]);
            return (
              <li key={car.id}>
                <button
                  type="button"
                  className={styles.carTile}
                  onClick={() => {
                    if (!car.id) return;
                    onOpened();
                    openCar(car.id);
                  }}
                >
                  {poster ? <img src={poster} alt="" loading="lazy" /> : null}
                  <span>{feedCarTitle(car)}</span>
                  <span className={styles.muted}>
                    {displayPrice({
                      price: car.price ?? null,
                      formattedPrice: car.formattedPrice ?? null,
                      currency: car.currency ?? null,
                    })}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A dealer's customer reviews, ten at a time, with the review form for signed-in buyers. */
export function DealerReviews({
  dealerId,
  signedIn,
  onLoginRequired,
}: {
  dealerId: string;
  signedIn: boolean;
  onLoginRequired: () => void;
}) {
  const reviews = useDealerReviews(dealerId);
  const list = reviews.data?.pages.flatMap((p) => p.reviews) ?? [];
  return (
    <section className={styles.stack}>
      <h3 className={styles.heading}>Customer reviews</h3>
      {signedIn ? (
        <ReviewForm dealerId={dealerId} />
      ) : (
        <Button variant="secondary" onClick={onLoginRequired}>
          Write a review
        </Button>
      )}
      {reviews.isPending ? (
        <Spinner label="Loading reviews" />
      ) : list.length === 0 ? (
        <p className={styles.muted}>No reviews yet.</p>
      ) : (
        <ul className={styles.commentList}>
          {list.map((review) => (
            <li key={review.id} className={styles.comment}>
              <p className={styles.commentMeta}>
                <strong>{review.userName}</strong>{' '}
                <span aria-label={`${review.rating} out of 5`}>{'★'.repeat(review.rating)}</span>{' '}
                <time dateTime={review.createdAt}>{calendarDate(review.createdAt)}</time>
              </p>
              <p className={styles.commentText}>{review.comment}</p>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={reviews} />
    </section>
  );
}

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i) as (
  1 | 2 | 3 | 4 | 5
)[];

/** A signed-in buyer's review: a second one replaces the first (the API keeps one per buyer and dealer). */
function ReviewForm({ dealerId }: { dealerId: string }) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const send = usePostReview(dealerId, {
    onPosted: () => {
      setComment('');
      setRating(null);
      setSaved(true);
    },
    onFailed: (failure) =>
      setError(
        failureLine(failure, ['rating', 'comment'], {
          fallback: 'Could not post your review. Please try again.',
        }),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = ReviewCreateBodySchema.safeParse({ rating: rating ?? undefined, comment });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check your review');
    setError(null);
    send.mutate(parsed.data);
  };
  return (
    <form className={styles.commentForm} onSubmit={submit} noValidate>
      <fieldset className={styles.ratings}>
        <legend className={styles.label}>Your rating</legend>
        {RATINGS.map((value) => (
          <label key={value} className={styles.rating}>
            <input
              type="radio"
              name={`${id}-rating`}
              value={value}
              checked={rating === value}
              onChange={() => setRating(value)}
            />
            {value} {RATING_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <label htmlFor={id} className={styles.label}>
        Your review
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <Button type="submit" size="sm" loading={send.isPending}>
        Submit review
      </Button>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {saved ? (
        <p className={styles.muted} role="status">
          Thank you, your review is saved.
        </p>
      ) : null}
    </form>
  );
}

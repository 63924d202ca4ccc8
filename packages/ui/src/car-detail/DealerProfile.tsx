import { useState, type FormEvent } from 'react';
import {
  RATING_LABELS,
  RATING_MAX,
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
import { StarRating } from '../kit/StarRating.tsx';
import { TextAreaField } from '../kit/TextField.tsx';
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
import { ReplyTimeLine } from '../dealers/SellerTrust.tsx';
import { BlockButton } from '../moderation/BlockButton.tsx';
import { ReportButton } from '../moderation/ReportButton.tsx';
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
      <ReplyTimeLine replyTime={dealer.replyTime} />
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
        {dealer.userId ? (
          <>
            <ReportButton targetType="user" targetId={dealer.userId} name={dealer.name} />
            <BlockButton userId={dealer.userId} name={dealer.name} />
          </>
        ) : null}
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
                <time dateTime={review.createdAt}>{calendarDate(review.createdAt)}</time>{' '}
                <ReportButton
                  targetType="review"
                  targetId={review.id}
                  name={`${review.userName}’s review`}
                  compact
                />
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

/** A signed-in buyer's review: a second one replaces the first (the API keeps one per buyer and dealer). */
function ReviewForm({ dealerId }: { dealerId: string }) {
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const send = usePostReview(dealerId, {
    onPosted: () => {
      setComment('');
      setRating(null);
      setSaved(true);
    },
    onFailed: (error) =>
      setFailure(
        failureLine(error, ['rating', 'comment'], {
          fallback: 'Could not post your review. Please try again.',
        }),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFailure(null);
    const parsed = ReviewCreateBodySchema.safeParse({ rating: rating ?? undefined, comment });
    if (!parsed.success) {
      // Each message under the field it is about, the first one for each.
      const found: { rating?: string; comment?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'rating' || field === 'comment') && !found[field]) found[field] = issue.message;
      }
      if (!found.rating && !found.comment) setFailure('Please check your review');
      return setErrors(found);
    }
    setErrors({});
    send.mutate(parsed.data);
  };
  return (
    <form className={styles.commentForm} onSubmit={submit} noValidate aria-label="Write a review">
      <StarRating
        label="Your rating"
        value={rating}
        onChange={setRating}
        max={RATING_MAX}
        describe={(value) => RATING_LABELS[value as keyof typeof RATING_LABELS]}
        error={errors.rating}
      />
      <TextAreaField
        label="Your review"
        rows={3}
        value={comment}
        error={errors.comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <Button type="submit" size="sm" loading={send.isPending}>
        Submit review
      </Button>
      {failure ? (
        <p className={styles.error} role="alert">
          {failure}
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

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { countOf, groupDigits } from '@autoreel/core';
import { IconButton } from '../../kit/Button.tsx';
import { cx } from '../../kit/cx.ts';
import { CommentIcon, HeartIcon, InfoIcon, SendIcon, ShareIcon, StoreIcon } from '../../kit/icons.tsx';
import { useCarLike, type CarLikeState } from '../../social/useCarLike.ts';
import { rememberIntent } from '../../state/intent.ts';
import styles from './TiktokView.module.css';

export interface FeedActionsProps {
  carId: string;
  /** The like state the server last gave (batch status); undefined until it has answered. */
  knownLike: CarLikeState | undefined;
  /** The stored session is still being checked: whether the buyer liked this car is not known yet. */
  sessionPending?: boolean;
  /** Public counts (stats batch); undefined until they have arrived. */
  comments: number | undefined;
  shares: number | undefined;
  /** Double-taps on this car's video, from 0 when it came on screen: each asks for a like (never an unlike). */
  likeRequests: number;
  signedIn: boolean;
  sellerName: string | null;
  /** The dealer profile exists only for dealer listings; private sellers have none. */
  hasDealerProfile: boolean;
  onLoginRequired: () => void;
  onComments: () => void;
  onShare: () => void;
  onDealer: () => void;
  onMessage: () => void;
  onDetails: () => void;
}

/** One side button with what shows under it: a count, or its name when it has none. */
function Action({
  caption,
  captionLabel,
  testId,
  children,
}: {
  caption: string;
  captionLabel?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.action}>
      {children}
      {/* The button carries the name; the caption repeats it for the eye only, unless it is a count. */}
      <span
        className={styles.count}
        data-testid={testId}
        aria-label={captionLabel}
        aria-hidden={captionLabel ? undefined : true}
      >
        {caption}
      </span>
    </div>
  );
}

/**
 * The side column of the current car: like, comments, share, dealer, message and details, each with its count or
 * its name under it (as TikTok and Reels show them). The like is the shared optimistic car like; while a signed-in
 * buyer's own status (or the session itself) has not arrived the button reads busy, and a tap is kept as a like
 * asked for: toggling from a guess could unlike a car the buyer liked, and dropping it would lose a quick tap.
 */
export function FeedActions(props: FeedActionsProps) {
  const like = useCarLike(props.carId, props.knownLike);
  const statusPending = !!props.sessionPending || (props.signedIn && props.knownLike === undefined);
  // Taps on the button before the status arrived: answered as double-taps are once it has.
  const [heldTaps, setHeldTaps] = useState(0);
  const onLike = () => {
    if (statusPending) return;
    if (!props.signedIn) {
      rememberIntent({ action: 'like', carId: props.carId });
      props.onLoginRequired();
    } else like.toggle();
  };

  // A double-tap likes; a car already liked stays liked, and each double-tap is answered once. One made while the
  // buyer's own status is loading waits for it (the heart is already drawn), then likes unless it was liked.
  const likeRequests = props.likeRequests + heldTaps;
  const answered = useRef(0);
  useEffect(() => {
    if (likeRequests === answered.current || statusPending) return;
    answered.current = likeRequests;
    if (!props.signedIn || !like.liked) onLike();
  });

  const likesKnown = props.knownLike !== undefined;
  return (
    <div className={styles.actions} role="group" aria-label="Car actions">
      <Action
        caption={likesKnown ? groupDigits(like.totalLikes) : 'Like'}
        {...(likesKnown ? { captionLabel: countOf(like.totalLikes, 'like'), testId: 'like-count' } : {})}
      >
        <IconButton
          label={like.liked ? 'Unlike' : 'Like'}
          variant="video"
          aria-pressed={like.liked}
          aria-busy={statusPending || undefined}
          className={cx(like.liked && styles.liked)}
          onClick={() => (statusPending ? setHeldTaps((taps) => taps + 1) : onLike())}
          data-testid="like-button"
        >
          <HeartIcon size={24} fill={like.liked ? 'currentColor' : 'none'} />
        </IconButton>
      </Action>
      <Action
        caption={props.comments === undefined ? 'Comments' : groupDigits(props.comments)}
        {...(props.comments === undefined ? {} : { captionLabel: countOf(props.comments, 'comment') })}
      >
        <IconButton label="Comments" variant="video" onClick={props.onComments}>
          <CommentIcon size={24} />
        </IconButton>
      </Action>
      <Action
        caption={props.shares === undefined ? 'Share' : groupDigits(props.shares)}
        {...(props.shares === undefined ? {} : { captionLabel: countOf(props.shares, 'share') })}
      >
        <IconButton label="Share" variant="video" onClick={props.onShare}>
          <ShareIcon size={24} />
        </IconButton>
      </Action>
      {props.hasDealerProfile ? (
        <Action caption="Dealer">
          <IconButton
            label={props.sellerName ? `Dealer profile: ${props.sellerName}` : 'Dealer profile'}
            variant="video"
            onClick={props.onDealer}
          >
            <StoreIcon size={24} />
          </IconButton>
        </Action>
      ) : null}
      <Action caption="Message">
        <IconButton label="Message seller" variant="video" onClick={props.onMessage}>
          <SendIcon size={24} />
        </IconButton>
      </Action>
      <div className={cx(styles.action, styles.detailsButton)}>
        <IconButton label="Show details" variant="video" onClick={props.onDetails}>
          <InfoIcon size={24} />
        </IconButton>
        <span className={styles.count} aria-hidden="true">
          Details
        </span>
      </div>
    </div>
  );
}

import { countOf } from '@autoreel/core';
import { cx, IconButton } from '../../components/Button.tsx';
import { ChatIcon, HeartIcon } from '../../components/icons.tsx';
import { useCarLike, type CarLikeState } from '../../social/useCarLike.ts';
import { rememberIntent } from '../../state/intent.ts';
import { CommentIcon, InfoIcon, ShareIcon, StoreIcon } from './FeedIcons.tsx';
import styles from './TiktokView.module.css';

export interface FeedActionsProps {
  carId: string;
  /** The like state the server last gave (batch status); undefined until it has answered. */
  knownLike: CarLikeState | undefined;
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

/**
 * The side column of the current car: like, comments, share, dealer, message and details. The like is the shared
 * optimistic car like; while a signed-in buyer's own status has not arrived the button reads busy and a tap is
 * ignored, since it would toggle from a guess.
 */
export function FeedActions(props: FeedActionsProps) {
  const like = useCarLike(props.carId, props.knownLike);
  const statusPending = props.signedIn && props.knownLike === undefined;
  const onLike = () => {
    if (!props.signedIn) {
      rememberIntent({ action: 'like', carId: props.carId });
      props.onLoginRequired();
    } else if (!statusPending) like.toggle();
  };
  return (
    <div className={styles.actions} role="group" aria-label="Car actions">
      <div className={styles.action}>
        <IconButton
          label={like.liked ? 'Unlike' : 'Like'}
          variant="video"
          aria-pressed={like.liked}
          aria-busy={statusPending || undefined}
          className={cx(like.liked && styles.liked)}
          onClick={onLike}
        >
          <HeartIcon size={24} fill={like.liked ? 'currentColor' : 'none'} />
        </IconButton>
        {/* Counts come with the signed-in buyer's like status; a guessed 0 would be wrong. */}
        {props.knownLike ? (
          <span
            className={styles.count}
            data-testid="like-count"
            aria-label={countOf(like.totalLikes, 'like')}
          >
            {like.totalLikes.toLocaleString('en-US')}
          </span>
        ) : null}
      </div>
      <div className={styles.action}>
        <IconButton label="Comments" variant="video" onClick={props.onComments}>
          <CommentIcon size={24} />
        </IconButton>
      </div>
      <div className={styles.action}>
        <IconButton label="Share" variant="video" onClick={props.onShare}>
          <ShareIcon size={24} />
        </IconButton>
      </div>
      {props.hasDealerProfile ? (
        <div className={styles.action}>
          <IconButton
            label={props.sellerName ? `Dealer profile: ${props.sellerName}` : 'Dealer profile'}
            variant="video"
            onClick={props.onDealer}
          >
            <StoreIcon size={24} />
          </IconButton>
        </div>
      ) : null}
      <div className={styles.action}>
        <IconButton label="Message seller" variant="video" onClick={props.onMessage}>
          <ChatIcon size={24} />
        </IconButton>
      </div>
      <div className={styles.action}>
        <IconButton
          label="Show details"
          variant="video"
          className={styles.detailsButton}
          onClick={props.onDetails}
        >
          <InfoIcon size={24} />
        </IconButton>
      </div>
    </div>
  );
}

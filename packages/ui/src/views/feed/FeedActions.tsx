import { cx, IconButton } from '../../components/Button.tsx';
import { ChatIcon, HeartIcon } from '../../components/icons.tsx';
import { CommentIcon, InfoIcon, ShareIcon, StoreIcon } from './FeedIcons.tsx';
import styles from './TiktokView.module.css';

export interface FeedActionsProps {
  liked: boolean;
  likes: number;
  likePending: boolean;
  sellerName: string | null;
  /** The dealer profile exists only for dealer listings; private sellers have none. */
  hasDealerProfile: boolean;
  onLike: () => void;
  onComments: () => void;
  onShare: () => void;
  onDealer: () => void;
  onMessage: () => void;
  onDetails: () => void;
}

/** The side column of the current car: like, comments, share, dealer, message and details. */
export function FeedActions(props: FeedActionsProps) {
  const { liked, likes } = props;
  return (
    <div className={styles.actions} role="group" aria-label="Car actions">
      <div className={styles.action}>
        <IconButton
          label={liked ? 'Unlike' : 'Like'}
          variant="video"
          aria-pressed={liked}
          aria-busy={props.likePending || undefined}
          className={cx(liked && styles.liked)}
          onClick={props.onLike}
        >
          <HeartIcon size={24} fill={liked ? 'currentColor' : 'none'} />
        </IconButton>
        <span className={styles.count} data-testid="like-count" aria-label={`${likes} likes`}>
          {likes.toLocaleString('en-US')}
        </span>
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

import { countOf, groupDigits } from '@autoreel/core';
import { useCallback, useState, type FormEvent } from 'react';
import { COMMENT_MAX_LENGTH, relativeTime, type Comment, type Reply } from '@autoreel/core';
import { useApi } from '../../platform/ApiProvider.tsx';
import { failureLine } from '../../platform/form-errors.ts';
import { Button, IconButton } from '../../kit/Button.tsx';
import { cx } from '../../kit/cx.ts';
import { HeartIcon } from '../../kit/icons.tsx';
import { Sheet } from '../../kit/Sheet.tsx';
import { Spinner } from '../../kit/Spinner.tsx';
import { Tabs } from '../../kit/Tabs.tsx';
import { TextAreaField } from '../../kit/TextField.tsx';
import { useToast } from '../../kit/Toast.tsx';
import { useSession } from '../../state/session.ts';
import { commentError } from './comment-rules.ts';
import { DealerReviews } from '../../car-detail/DealerProfile.tsx';
import { useOptimisticLikes, type OptimisticLikes } from './useOptimisticLikes.ts';
import { LoadMore } from '../../kit/LoadMore.tsx';
import { ReportButton } from '../../moderation/ReportButton.tsx';
import { toggleCommentLike, useComments, usePostComment, type CommentTarget } from '../../social/comments.ts';
import styles from '../../kit/Overlays.module.css';

export interface CommentsSheetProps {
  carId: string;
  /** The listing's dealership; with one, the sheet also shows its customer reviews. */
  dealerId?: string | null;
  /** The dealership's name, for the Reviews tab's title. */
  dealerName?: string | null;
  carTitle: string;
  signedIn: boolean;
  onClose: () => void;
  onLoginRequired: () => void;
}

/** The comments sheet of a car: newest first, ten at a time, with replies, likes and a form to add one. */
export function CommentsSheet({
  carId,
  dealerId,
  dealerName,
  carTitle,
  signedIn,
  onClose,
  onLoginRequired,
}: CommentsSheetProps) {
  const { client } = useApi();
  const toast = useToast();
  const userId = useSession((s) => s.user?.id ?? null);
  const comments = useComments(carId);
  const sendLike = useCallback((id: string) => toggleCommentLike(client, id), [client]);
  const likes = useOptimisticLikes(sendLike, {
    resetKey: userId,
    onFailed: () => toast({ title: 'Could not update your like. Please try again.', tone: 'error' }),
  });

  const list = comments.data?.pages.flatMap((p) => p.comments) ?? [];
  const total = comments.data?.pages[0]?.total ?? list.length;
  const gate = (action: () => void) => (signedIn ? action() : onLoginRequired());
  const [tab, setTab] = useState<'comments' | 'reviews'>('comments');

  const commentsPanel = (
    <div className={styles.comments}>
      <p className={styles.muted}>{countOf(total, 'comment')}</p>
      <CommentForm
        label="Add a comment"
        submitLabel="Post"
        target={{ carId }}
        signedIn={signedIn}
        onLoginRequired={onLoginRequired}
      />
      {comments.isPending ? (
        <div className={styles.center}>
          <Spinner label="Loading comments" />
        </div>
      ) : list.length === 0 ? (
        <p className={styles.muted}>No comments yet. Be the first to comment.</p>
      ) : (
        <ul className={styles.commentList} aria-label="Comments">
          {list.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              carId={carId}
              likes={likes}
              signedIn={signedIn}
              gate={gate}
              onLoginRequired={onLoginRequired}
            />
          ))}
        </ul>
      )}
      <LoadMore list={comments} />
    </div>
  );

  return (
    <Sheet
      open
      onOpenChange={(open) => !open && onClose()}
      // The sheet is named for what its open tab shows: the car's comments, or the dealer's reviews.
      title={
        dealerId && tab === 'reviews'
          ? dealerName
            ? `Reviews of ${dealerName}`
            : 'Dealer reviews'
          : `Comments on the ${carTitle}`
      }
    >
      {dealerId ? (
        // SPEC 2 'Other overlays': one Comments and Reviews sheet; the reviews are the dealer's.
        <Tabs
          label="Comments and Reviews"
          value={tab}
          onValueChange={setTab}
          items={[
            { value: 'comments', label: 'Comments', content: commentsPanel },
            {
              value: 'reviews',
              label: 'Reviews',
              content: (
                <div className={styles.comments}>
                  <DealerReviews dealerId={dealerId} signedIn={signedIn} onLoginRequired={onLoginRequired} />
                </div>
              ),
            },
          ]}
        />
      ) : (
        commentsPanel
      )}
    </Sheet>
  );
}

function CommentItem({
  comment,
  carId,
  likes,
  signedIn,
  gate,
  onLoginRequired,
}: {
  comment: Comment;
  carId: string;
  likes: OptimisticLikes;
  signedIn: boolean;
  gate: (action: () => void) => void;
  onLoginRequired: () => void;
}) {
  const [replying, setReplying] = useState(false);
  return (
    <li className={styles.comment}>
      <CommentBody entry={comment} likes={likes} gate={gate} />
      <Button
        variant="link"
        size="sm"
        className={styles.replyButton}
        aria-expanded={replying}
        onClick={() => gate(() => setReplying((r) => !r))}
      >
        Reply
      </Button>
      {replying ? (
        <CommentForm
          label={`Reply to ${comment.userName}`}
          submitLabel="Send reply"
          target={{ carId, replyTo: comment.id }}
          signedIn={signedIn}
          onLoginRequired={onLoginRequired}
          onDone={() => setReplying(false)}
          autoFocus
        />
      ) : null}
      {comment.replies.length ? (
        <ul className={styles.replies} aria-label={`Replies to ${comment.userName}`}>
          {comment.replies.map((reply) => (
            <li key={reply.id} className={styles.comment}>
              <CommentBody entry={reply} likes={likes} gate={gate} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Author, time, the text (rendered as text, never HTML) and the like toggle of a comment or reply. */
function CommentBody({
  entry,
  likes,
  gate,
}: {
  entry: Comment | Reply;
  likes: OptimisticLikes;
  gate: (action: () => void) => void;
}) {
  const state = likes.stateOf(entry.id, { isLiked: entry.isLiked ?? false, count: entry.likes });
  return (
    <div className={styles.commentBody}>
      <p className={styles.commentMeta}>
        <strong>{entry.userName}</strong>{' '}
        <time dateTime={entry.createdAt}>{relativeTime(entry.createdAt, new Date())}</time>
      </p>
      <p className={styles.commentText}>{entry.comment}</p>
      <div className={styles.commentLike}>
        <IconButton
          size="sm"
          label={`${state.isLiked ? 'Unlike' : 'Like'} comment by ${entry.userName}`}
          aria-pressed={state.isLiked}
          className={cx(state.isLiked && styles.liked)}
          onClick={() => gate(() => void likes.toggle(entry.id, state))}
        >
          <HeartIcon size={16} fill={state.isLiked ? 'currentColor' : 'none'} />
        </IconButton>
        <span aria-label={countOf(state.count, 'like')}>{state.count}</span>
        <ReportButton targetType="comment" targetId={entry.id} name={`${entry.userName}’s comment`} compact />
      </div>
    </div>
  );
}

/** Adds a comment or a reply: checked here as the API checks it, then sent; a refusal keeps the text. */
function CommentForm({
  label,
  submitLabel,
  target,
  signedIn,
  onLoginRequired,
  onDone,
  autoFocus,
}: {
  label: string;
  submitLabel: string;
  target: CommentTarget;
  signedIn: boolean;
  onLoginRequired: () => void;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = usePostComment(target, {
    onPosted: () => {
      setText('');
      setError(null);
      onDone?.();
    },
    onFailed: (failure) =>
      setError(
        failureLine(failure, ['comment'], { fallback: 'Could not post your comment. Please try again.' }),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!signedIn) return onLoginRequired();
    const problem = commentError(text);
    setError(problem);
    if (!problem) send.mutate(text.trim());
  };
  return (
    <form className={styles.commentForm} onSubmit={submit} noValidate>
      <TextAreaField
        label={label}
        value={text}
        rows={2}
        autoFocus={autoFocus}
        error={error}
        onChange={(e) => setText(e.target.value)}
      />
      <div className={styles.row}>
        <span className={cx(styles.muted, text.length > COMMENT_MAX_LENGTH && styles.over)}>
          {text.length}/{groupDigits(COMMENT_MAX_LENGTH)}
        </span>
        <Button type="submit" size="sm" loading={send.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

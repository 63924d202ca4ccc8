import { useState } from 'react';
import { Button, IconButton } from '../kit/Button.tsx';
import { BlockIcon } from '../kit/icons.tsx';
import { Dialog } from '../kit/Dialog.tsx';
import { useToast } from '../kit/Toast.tsx';
import { useSession } from '../state/session.ts';
import { useBlockedUsers, useSetBlocked } from './queries.ts';
import styles from './Moderation.module.css';

/**
 * Block (after a confirmation) or Unblock a person. A blocked person cannot message you and is not told; your
 * conversation with them leaves your list until you unblock. Drawn only for a signed-in user and never for oneself.
 * `compact` draws an icon button named 'Block {name}' (the chat header on a phone has no room for words).
 */
export function BlockButton({
  userId,
  name,
  compact = false,
}: {
  userId: string;
  name: string;
  compact?: boolean;
}) {
  const me = useSession((s) => (s.status === 'authenticated' ? (s.user?.id ?? null) : null));
  const blockedList = useBlockedUsers(me !== null);
  const setBlocked = useSetBlocked();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  if (!me || me === userId) return null;
  const blocked = blockedList.data?.blocked.some((person) => person.id === userId) ?? false;

  const change = (next: boolean) =>
    setBlocked.mutate(
      { userId, blocked: next },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({
            title: next ? `${name} is blocked` : `${name} is unblocked`,
            description: next ? 'They can no longer message you.' : undefined,
            tone: 'success',
          });
        },
        onError: (error) =>
          toast({ title: 'Could not change the block', description: error.message, tone: 'error' }),
      },
    );

  return (
    <>
      {compact ? (
        <IconButton
          label={blocked ? `Unblock ${name}` : `Block ${name}`}
          disabled={blockedList.isPending || setBlocked.isPending}
          onClick={() => (blocked ? change(false) : setConfirming(true))}
        >
          <BlockIcon size={18} />
        </IconButton>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          loading={setBlocked.isPending && !confirming}
          disabled={blockedList.isPending}
          onClick={() => (blocked ? change(false) : setConfirming(true))}
        >
          {blocked ? 'Unblock' : 'Block'}
        </Button>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Block ${name}?`}
        description="They will not be able to message you, and your conversation leaves your list. They are not told. You can unblock them in Account > Settings."
      >
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" loading={setBlocked.isPending} onClick={() => change(true)}>
            Block
          </Button>
        </div>
      </Dialog>
    </>
  );
}

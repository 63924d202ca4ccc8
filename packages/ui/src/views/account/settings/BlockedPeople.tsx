import { calendarDate } from '@autoreel/core';
import { Button } from '../../../kit/Button.tsx';
import { EmptyState, ErrorState } from '../../../kit/States.tsx';
import { Spinner } from '../../../kit/Spinner.tsx';
import { useToast } from '../../../kit/Toast.tsx';
import { ShieldIcon } from '../../../kit/icons.tsx';
import { useBlockedUsers, useSetBlocked } from '../../../moderation/queries.ts';
import styles from '../Account.module.css';

/** Account > Settings > Blocked people: who cannot message you, each with Unblock. */
export function BlockedPeople() {
  const blocked = useBlockedUsers();
  const setBlocked = useSetBlocked();
  const toast = useToast();
  let body;
  if (blocked.isPending) {
    body = (
      <p role="status">
        <Spinner size={18} label={null} /> Loading blocked people...
      </p>
    );
  } else if (blocked.isError) {
    body = (
      <ErrorState
        title="Could not load blocked people"
        message={blocked.error.message}
        onRetry={() => void blocked.refetch()}
      />
    );
  } else if (blocked.data.blocked.length === 0) {
    body = (
      <EmptyState
        icon={<ShieldIcon size={28} />}
        title="You have not blocked anyone"
        description="Block someone from their chat or dealer page: they can no longer message you."
        headingLevel={3}
      />
    );
  } else {
    body = (
      <ul className={styles.blockedList} aria-label="Blocked people">
        {blocked.data.blocked.map((person) => (
          <li key={person.id} className={styles.blockedItem}>
            <span className={styles.settingsText}>
              <span className={styles.settingsLabel}>{person.name}</span>
              <span className={styles.muted}>Blocked {calendarDate(person.blockedAt)}</span>
            </span>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Unblock ${person.name}`}
              loading={setBlocked.isPending && setBlocked.variables.userId === person.id}
              onClick={() =>
                setBlocked.mutate(
                  { userId: person.id, blocked: false },
                  {
                    onSuccess: () => toast({ title: `${person.name} is unblocked`, tone: 'success' }),
                    onError: (error) =>
                      toast({ title: 'Could not unblock', description: error.message, tone: 'error' }),
                  },
                )
              }
            >
              Unblock
            </Button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className={styles.stack} aria-labelledby="blocked-title">
      <h2 id="blocked-title" className={styles.sectionTitle}>
        Blocked people
      </h2>
      <p className={styles.muted}>They cannot message you, and your conversations with them are hidden.</p>
      {body}
    </section>
  );
}

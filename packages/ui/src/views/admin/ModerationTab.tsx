import {
  ACTIONS_BY_TARGET,
  MODERATION_ACTION_LABELS,
  MODERATION_REASON_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_TARGET_LABELS,
  calendarDate,
  countOf,
  type ModerationAction,
  type ReportGroup,
} from '@autoreel/core';
import { useId, useState } from 'react';
import { Button } from '../../kit/Button.tsx';
import { Dialog } from '../../kit/Dialog.tsx';
import { EmptyState, ErrorState } from '../../kit/States.tsx';
import { Spinner } from '../../kit/Spinner.tsx';
import { useToast } from '../../kit/Toast.tsx';
import { CheckIcon } from '../../kit/icons.tsx';
import forms from '../../kit/Form.module.css';
import { useAuditLog, useModerationAction, useReportQueue } from '../../moderation/queries.ts';
import browseStyles from '../../cars/Cars.module.css';
import styles from './Admin.module.css';

/** The actions a group offers now: a hidden listing is restored, not hidden again; a suspended owner restored. */
export function actionsFor(group: ReportGroup): ModerationAction[] {
  return ACTIONS_BY_TARGET[group.targetType].filter((action) => {
    switch (action) {
      case 'hide_car':
        return group.exists && (!group.hidden || group.pendingReview);
      case 'restore_car':
        return group.exists && group.hidden;
      case 'remove_comment':
      case 'remove_review':
        return group.exists;
      case 'suspend_user':
        return group.owner !== null && !group.ownerSuspended;
      case 'restore_user':
        return group.owner !== null && group.ownerSuspended;
      case 'dismiss':
        return true;
    }
  });
}

function stateOf(group: ReportGroup): string | null {
  if (!group.exists) return 'Removed';
  if (group.hidden) return group.pendingReview ? 'Hidden pending review' : 'Hidden';
  if (group.ownerSuspended) return 'Owner suspended';
  return null;
}

function GroupCard({
  group,
  open,
  onAct,
}: {
  group: ReportGroup;
  open: boolean;
  onAct: (action: ModerationAction) => void;
}) {
  const kind = REPORT_TARGET_LABELS[group.targetType];
  const title = group.summary || `A ${kind} no longer there`;
  const state = stateOf(group);
  return (
    <article className={styles.card} aria-label={`Reported ${kind}: ${title}`}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{title}</h3>
        <span className={styles.badge}>{kind[0]?.toUpperCase() + kind.slice(1)}</span>
      </div>
      {state ? <p className={styles.state}>{state}</p> : null}
      <dl className={styles.facts}>
        <div>
          <dt>Reports</dt>
          <dd>{countOf(group.reportCount, 'report')}</dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd>{group.owner?.name || 'Unknown'}</dd>
        </div>
        <div>
          <dt>Last reported</dt>
          <dd>{calendarDate(group.lastReportedAt)}</dd>
        </div>
        <div>
          <dt>Reasons</dt>
          <dd>
            {group.reasons
              .map((entry) => `${REPORT_REASON_LABELS[entry.reason]} (${entry.count})`)
              .join(', ')}
          </dd>
        </div>
      </dl>
      <ul className={styles.reports} aria-label="Reports">
        {group.reports.map((report) => (
          <li key={report.id}>
            <strong>{REPORT_REASON_LABELS[report.reason]}</strong> by {report.reporter.name},{' '}
            {calendarDate(report.createdAt)}
            {report.details ? <q className={styles.quote}>{report.details}</q> : null}
            {report.targetText && report.targetText !== group.summary ? (
              <span className={styles.reported}>Reported text: {report.targetText}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {open ? (
        <div className={forms.actions}>
          {group.link && group.exists && !group.hidden ? (
            <a className={styles.link} href={group.link} target="_blank" rel="noreferrer">
              Open {kind}
            </a>
          ) : null}
          {actionsFor(group).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={
                action === 'dismiss' || action.startsWith('restore') ? 'secondary' : 'danger-secondary'
              }
              onClick={() => onAct(action)}
            >
              {MODERATION_ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
      ) : null}
    </article>
  );
}

/** Asks for the reason every action is logged with, then acts. */
function ActionDialog({
  group,
  action,
  onClose,
}: {
  group: ReportGroup;
  action: ModerationAction;
  onClose: () => void;
}) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const act = useModerationAction();
  const toast = useToast();
  const label = MODERATION_ACTION_LABELS[action];
  const error = missing ? 'Give a reason: it is kept in the audit log' : (act.error?.message ?? null);

  function confirm() {
    if (reason.trim() === '') return setMissing(true);
    act.mutate(
      { targetType: group.targetType, targetId: group.targetId, action, reason: reason.trim() },
      {
        onSuccess: (result) => {
          toast({
            title: `${label}: done`,
            description:
              result.reportsClosed > 0 ? `${countOf(result.reportsClosed, 'report')} closed.` : undefined,
            tone: 'success',
          });
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !act.isPending) onClose();
      }}
      title={`${label}?`}
      description={`${group.summary || REPORT_TARGET_LABELS[group.targetType]}. The reporters and the owner are told the outcome.`}
    >
      <form
        className={styles.dialogBody}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <div className={forms.field}>
          <label className={forms.fieldLabel} htmlFor={reasonId}>
            Reason (kept in the audit log)
          </label>
          <textarea
            id={reasonId}
            className={forms.textarea}
            rows={3}
            maxLength={MODERATION_REASON_MAX_LENGTH}
            value={reason}
            aria-invalid={missing ? true : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
          />
        </div>
        {error ? (
          <p className={forms.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={forms.actions}>
          <Button variant="secondary" onClick={onClose} disabled={act.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={act.isPending}>
            {label}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function AuditLog() {
  const audit = useAuditLog();
  if (audit.isPending) {
    return (
      <div className={browseStyles.loading} role="status">
        <Spinner size={24} label={null} />
        <p>Loading the audit log...</p>
      </div>
    );
  }
  if (audit.isError) {
    return (
      <ErrorState
        title="Failed to load the audit log"
        message={audit.error.message}
        retryLabel="Retry"
        onRetry={() => void audit.refetch()}
      />
    );
  }
  if (audit.data.entries.length === 0) return <p className={styles.count}>No actions yet.</p>;
  return (
    <ol className={styles.audit} aria-label="Audit log">
      {audit.data.entries.map((entry) => (
        <li key={entry.id}>
          <strong>{MODERATION_ACTION_LABELS[entry.action]}</strong> ({REPORT_TARGET_LABELS[entry.targetType]})
          by {entry.actor?.name ?? 'AutoReel (automatic)'}, {calendarDate(entry.createdAt)}: {entry.reason}
        </li>
      ))}
    </ol>
  );
}

/** The admin page's Moderation tab: reports grouped by what they are about, the actions, and the audit log. */
export function ModerationTab() {
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const queue = useReportQueue(status);
  const [acting, setActing] = useState<{ group: ReportGroup; action: ModerationAction } | null>(null);

  let body;
  if (queue.isPending) {
    body = (
      <div className={browseStyles.loading} role="status">
        <Spinner size={28} label={null} />
        <p>Loading reports...</p>
      </div>
    );
  } else if (queue.isError) {
    body = (
      <ErrorState
        title="Failed to load reports"
        message={queue.error.message}
        retryLabel="Retry"
        onRetry={() => void queue.refetch()}
      />
    );
  } else if (queue.data.groups.length === 0) {
    body = (
      <EmptyState
        icon={<CheckIcon size={28} />}
        title={status === 'open' ? 'No open reports' : 'No decided reports yet'}
        description={
          status === 'open'
            ? 'Reports of listings, people, messages, reviews and comments will appear here.'
            : 'Reports you act on or dismiss are kept here.'
        }
        headingLevel={3}
      />
    );
  } else {
    body = (
      <>
        <p className={styles.count} aria-live="polite">
          {countOf(queue.data.total, status === 'open' ? 'reported item' : 'decided item')}
        </p>
        <ul className={styles.list} aria-label={status === 'open' ? 'Open reports' : 'Decided reports'}>
          {queue.data.groups.map((group) => (
            <li key={`${group.targetType}:${group.targetId}`}>
              <GroupCard
                group={group}
                open={status === 'open'}
                onAct={(action) => setActing({ group, action })}
              />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className={styles.moderation}>
      <div className={forms.actions} role="group" aria-label="Which reports">
        <Button
          size="sm"
          variant={status === 'open' ? 'primary' : 'secondary'}
          aria-pressed={status === 'open'}
          onClick={() => setStatus('open')}
        >
          Open
        </Button>
        <Button
          size="sm"
          variant={status === 'closed' ? 'primary' : 'secondary'}
          aria-pressed={status === 'closed'}
          onClick={() => setStatus('closed')}
        >
          Decided
        </Button>
      </div>
      {body}
      <section aria-labelledby="audit-heading" className={styles.auditSection}>
        <h2 id="audit-heading" className={styles.cardTitle}>
          Audit log
        </h2>
        <AuditLog />
      </section>
      {acting ? (
        <ActionDialog
          key={`${acting.group.targetId}-${acting.action}`}
          group={acting.group}
          action={acting.action}
          onClose={() => setActing(null)}
        />
      ) : null}
    </div>
  );
}

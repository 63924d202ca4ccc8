import { countOf } from '@autoreel/core';
import { useState } from 'react';
import { calendarDate } from '@autoreel/core';
import { Button } from '../../kit/Button.tsx';
import { EmptyState, ErrorState } from '../../kit/States.tsx';
import { Spinner } from '../../kit/Spinner.tsx';
import { useToast } from '../../kit/Toast.tsx';
import { CheckIcon, ShieldIcon } from '../../kit/icons.tsx';
import { useSessionActions } from '../../state/useSessionActions.ts';
import { isAdmin } from '../../state/session.ts';
import { useBackTo } from '../../state/useBackTo.ts';
import { ViewPage } from '../../kit/ViewPage.tsx';
import { Tabs } from '../../kit/Tabs.tsx';
import { ModerationTab } from './ModerationTab.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import {
  usePendingApplications,
  useReviewApplication,
  type PendingApplication,
  type ReviewDecision,
} from '../../dealers/usePendingApplications.ts';
import browseStyles from '../../cars/Cars.module.css';
import forms from '../../kit/Form.module.css';
import styles from './Admin.module.css';

function ApplicationCard({
  application,
  onReview,
}: {
  application: PendingApplication;
  onReview: (kind: ReviewDecision['kind']) => void;
}) {
  const { applicant } = application;
  return (
    <article className={styles.card} aria-label={application.businessName || applicant.name}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{application.businessName || 'Unnamed business'}</h2>
        <span className={styles.badge}>{application.businessType === 'dealer' ? 'Dealer' : 'Private'}</span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Applicant</dt>
          <dd>{applicant.name}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{applicant.phone}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{applicant.email || 'Not given'}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{application.location}</dd>
        </div>
        <div>
          <dt>Applied</dt>
          <dd>{calendarDate(application.createdAt)}</dd>
        </div>
      </dl>
      <div className={forms.actions}>
        <Button icon={<CheckIcon size={18} />} onClick={() => onReview('approve')}>
          Approve
        </Button>
        <Button variant="secondary" onClick={() => onReview('reject')}>
          Reject
        </Button>
      </div>
    </article>
  );
}

function PendingApplications() {
  const toast = useToast();
  const query = usePendingApplications(true);
  const review = useReviewApplication();
  const [open, setOpen] = useState<{ application: PendingApplication; kind: ReviewDecision['kind'] } | null>(
    null,
  );

  if (query.isPending) {
    return (
      <div className={browseStyles.loading} role="status">
        <Spinner size={28} label={null} />
        <p>Loading applications...</p>
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Failed to load applications"
        message={query.error.message}
        retryLabel="Retry"
        onRetry={() => void query.refetch()}
      />
    );
  }
  const applications = query.data.applications.filter((a) => a.businessType === 'dealer');
  if (applications.length === 0) {
    return (
      <EmptyState
        icon={<CheckIcon size={28} />}
        title="No pending applications"
        description="New dealer applications will appear here for review."
        headingLevel={2}
      />
    );
  }

  const close = () => {
    review.reset();
    setOpen(null);
  };
  const confirm = (decision: ReviewDecision) => {
    if (!open) return;
    const name = open.application.businessName || open.application.applicant.name;
    review.mutate(
      { id: open.application.id, decision },
      {
        onSuccess: () => {
          toast({
            title: decision.kind === 'approve' ? 'Dealer approved' : 'Application rejected',
            description: decision.kind === 'approve' ? `${name} can now list cars.` : `${name} was told why.`,
            tone: 'success',
          });
          close();
        },
      },
    );
  };

  return (
    <>
      <p className={styles.count} aria-live="polite">
        {countOf(applications.length, 'pending application')}
      </p>
      <ul className={styles.list} aria-label="Pending applications">
        {applications.map((application) => (
          <li key={application.id}>
            <ApplicationCard application={application} onReview={(kind) => setOpen({ application, kind })} />
          </li>
        ))}
      </ul>
      {open ? (
        <ReviewDialog
          key={`${open.application.id}-${open.kind}`}
          application={open.application}
          kind={open.kind}
          pending={review.isPending}
          error={review.error?.message ?? null}
          onConfirm={confirm}
          onClose={close}
        />
      ) : null}
    </>
  );
}

type AdminTab = 'applications' | 'moderation';

/**
 * SPEC 6 'Admin': pending dealer applications to approve or reject, and (issue 28) the Moderation tab: reports
 * grouped by what they are about, the actions on them and the audit log. Everyone else sees access denied.
 */
export function AdminView() {
  const back = useBackTo('admin');
  const [tab, setTab] = useState<AdminTab>('applications');
  const { status, user, showLogin } = useSessionActions();
  let content;
  if (status !== 'authenticated' || !user) {
    content = (
      <EmptyState
        icon={<ShieldIcon size={28} />}
        title="Sign in to review applications"
        description="Dealer applications are reviewed by AutoReel administrators."
        actions={<Button onClick={showLogin}>Sign In</Button>}
      />
    );
  } else if (!isAdmin(user)) {
    content = (
      <EmptyState
        icon={<ShieldIcon size={28} />}
        title="Access Denied"
        description="You need to be signed in as an admin to access this page."
      />
    );
  } else {
    content = (
      <>
        {/* Who is signed in, on every screen size: a phone draws no header with the user menu. */}
        <p className={styles.signedInAs}>
          Signed in as <strong>{user.name}</strong>
        </p>
        <Tabs<AdminTab>
          label="Admin sections"
          value={tab}
          onValueChange={setTab}
          items={[
            { value: 'applications', label: 'Applications', content: <PendingApplications /> },
            { value: 'moderation', label: 'Moderation', content: <ModerationTab /> },
          ]}
        />
      </>
    );
  }
  return (
    <ViewPage
      eyebrow="Admin"
      title={tab === 'moderation' ? 'Moderation' : 'Dealer Applications'}
      purpose={
        tab === 'moderation'
          ? 'Review reports: hide or restore listings, remove comments and reviews, suspend accounts, or dismiss.'
          : 'Review dealership applications: approve a business to let it list cars, or reject it with a note.'
      }
      onBack={back}
      backLabel="Back to browse"
    >
      {content}
    </ViewPage>
  );
}

import { useState } from 'react';
import { calendarDate, type DealerApplication, type SellerType } from '@autoreel/core';
import { Button } from '../../kit/Button.tsx';
import { Dialog } from '../../kit/Dialog.tsx';
import { AlertIcon, CheckIcon, ShieldIcon, UserIcon } from '../../kit/icons.tsx';
import { EmptyState } from '../../kit/States.tsx';
import { useToast } from '../../kit/Toast.tsx';
import { useNavigation } from '../../state/navigation.ts';
import { useCancelApplication } from '../../dealers/useSellerApplication.ts';
import styles from './Seller.module.css';

/** SPEC 4: rejected users cannot re-apply and are told to contact support (the API's own words). */
export const REJECTED_MESSAGE = 'Your application was rejected. Please contact support.';
export const CANCEL_FAILED_MESSAGE = 'Failed to cancel application. Please try again.';

/** Logged out: selling needs an account, so the page asks to sign in through the login overlay. */
export function SignInToSell() {
  const showLogin = useNavigation((s) => s.showLogin);
  return (
    <EmptyState
      icon={<UserIcon size={28} />}
      title="Sign in to sell your car"
      description="Apply as a dealer or register as a private seller with your AutoReel account."
      headingLevel={2}
      actions={<Button onClick={showLogin}>Sign In</Button>}
    />
  );
}

const SUCCESS_COPY = {
  // SPEC 4: a submitted dealer application first shows this success screen, then its pending status.
  dealer: {
    title: 'Application Submitted',
    description:
      'Thank you! We review dealer applications and will let you know once yours is approved. You can check its ' +
      'status here at any time.',
    action: 'View Application Status',
  },
  // SPEC 4: private sellers are registered in one step; their listings are marked Private Seller.
  private: {
    title: "You're registered as a Private Seller",
    description:
      'You can list your car now. Your listings are marked Private Seller so buyers know they deal with the owner.',
    action: 'List Your Car',
  },
} as const;

/** The success screen after a dealer application or a private-seller registration. */
export function SellerSubmitted({
  sellerType,
  onContinue,
}: {
  sellerType: SellerType;
  onContinue: () => void;
}) {
  const copy = SUCCESS_COPY[sellerType];
  return (
    <EmptyState
      icon={<CheckIcon size={28} />}
      title={copy.title}
      description={copy.description}
      actions={<Button onClick={onContinue}>{copy.action}</Button>}
    />
  );
}

function submittedOn(application: DealerApplication): string {
  return calendarDate(application.createdAt);
}

/** The facts of an application, so the applicant can see what they sent. */
function ApplicationSummary({ application }: { application: DealerApplication }) {
  const submitted = submittedOn(application);
  return (
    <dl className={styles.summary}>
      <dt>Dealership</dt>
      <dd>{application.businessName}</dd>
      <dt>Location</dt>
      <dd>{application.location}</dd>
      {submitted ? (
        <>
          <dt>Submitted</dt>
          <dd>{submitted}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** Pending: the application waits for an administrator and can be cancelled after a confirmation. */
export function ApplicationUnderReview({
  application,
  userId,
}: {
  application: DealerApplication;
  userId: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelApplication(userId);
  const toast = useToast();
  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: 'Application cancelled',
          description: 'You can apply again at any time.',
          tone: 'success',
        });
      },
    });
  return (
    <>
      <EmptyState
        icon={<ShieldIcon size={28} />}
        title="Application Under Review"
        description="Your dealer application is being reviewed. You can list cars as soon as it is approved."
        actions={
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Cancel application
          </Button>
        }
      />
      <ApplicationSummary application={application} />
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) cancel.reset();
        }}
        title="Cancel your application?"
        description="Your dealer application will be withdrawn. You can apply again later."
      >
        {cancel.isError ? (
          <p className={styles.formError} role="alert">
            {CANCEL_FAILED_MESSAGE}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep application
          </Button>
          <Button variant="danger" loading={cancel.isPending} onClick={confirmCancel}>
            Yes, cancel it
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** Rejected: no new application; support is reached through Account, Settings, Send Feedback. */
export function ApplicationRejected({ application }: { application: DealerApplication }) {
  const navigate = useNavigation((s) => s.navigate);
  return (
    <EmptyState
      icon={<AlertIcon size={28} />}
      title="Application Rejected"
      description={
        <>
          {REJECTED_MESSAGE}
          {application.reviewNotes ? (
            <span className={styles.reviewNotes}>Reviewer&apos;s note: {application.reviewNotes}</span>
          ) : null}
          <span className={styles.reviewNotes}>
            Use Send Feedback under Account, Settings with the category Customer Support.
          </span>
        </>
      }
      actions={<Button onClick={() => navigate('account')}>Contact Support</Button>}
    />
  );
}

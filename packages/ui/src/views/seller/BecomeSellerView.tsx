import { useEffect, useState } from 'react';
import type { DealerApplication, SellerType } from '@autoreel/core';
import { useApi } from '../../platform/ApiProvider.tsx';
import { Spinner } from '../../kit/Spinner.tsx';
import { ErrorState } from '../../kit/States.tsx';
import { Tabs } from '../../kit/Tabs.tsx';
import { useHost } from '../../platform/HostContext.tsx';
import { isDealer, refreshUser, useSession, type SessionUser } from '../../state/session.ts';
import { ViewPage } from '../../kit/ViewPage.tsx';
import {
  ApplicationRejected,
  ApplicationUnderReview,
  SellerSubmitted,
  SignInToSell,
} from './ApplicationStates.tsx';
import { SellerApplicationForm } from './SellerApplicationForm.tsx';
import { SellerListing } from './SellerListing.tsx';
import { useMyApplication, type MyApplication } from '../../dealers/useSellerApplication.ts';
import styles from './Seller.module.css';

export const STATUS_LOAD_FAILED = 'We could not load your seller status.';

/** What the page shows for an account, from its role and its latest application (SPEC 4 'Dealer application'). */
export type SellerScreen =
  | { kind: 'dealer-listing' }
  | { kind: 'private-listing' }
  | { kind: 'under-review'; application: DealerApplication }
  | { kind: 'rejected'; application: DealerApplication }
  | { kind: 'apply' };

export function sellerScreen(user: SessionUser, application: MyApplication): SellerScreen {
  if (isDealer(user)) return { kind: 'dealer-listing' };
  if (application?.status === 'approved' && application.businessType === 'dealer')
    return { kind: 'dealer-listing' };
  if (application?.status === 'pending') return { kind: 'under-review', application };
  // A private seller keeps selling privately even if a later dealer application was turned down.
  if (
    user.type === 'private' ||
    (application?.status === 'approved' && application.businessType === 'private')
  ) {
    return { kind: 'private-listing' };
  }
  if (application?.status === 'rejected') return { kind: 'rejected', application };
  return { kind: 'apply' };
}

const TAB_LABELS: Record<SellerType, string> = { dealer: 'Become a Dealer', private: 'Sell Privately' };

function ApplyTabs({ userId, onSubmitted }: { userId: string; onSubmitted: (a: DealerApplication) => void }) {
  const [tab, setTab] = useState<SellerType>('dealer');
  return (
    <Tabs
      label="How do you want to sell?"
      value={tab}
      onValueChange={setTab}
      items={(['dealer', 'private'] as const).map((type) => ({
        value: type,
        label: TAB_LABELS[type],
        content: <SellerApplicationForm userId={userId} businessType={type} onSubmitted={onSubmitted} />,
      }))}
    />
  );
}

/** A signed-in user: the role and the application status decide between the forms, the status screens and listing. */
function SellerOnboarding({ user }: { user: SessionUser }) {
  const { client } = useApi();
  const host = useHost();
  const dealer = isDealer(user);
  // A dealer's role already says everything; there is no application to ask about.
  const application = useMyApplication(user.id, !dealer);
  const [submitted, setSubmitted] = useState<SellerType | null>(null);
  const screen = application.isSuccess ? sellerScreen(user, application.data) : null;

  // Approved since the session began: re-read the user so the role (and the Dashboard tab) catch up.
  const stale = screen?.kind === 'dealer-listing' && !dealer;
  useEffect(() => {
    if (stale) refreshUser(client, host).catch(() => undefined);
  }, [stale, client, host]);

  const onSubmitted = (result: DealerApplication) => {
    setSubmitted(result.businessType);
    // A private seller is approved at once; the account now reads type 'private'.
    if (result.businessType === 'private') refreshUser(client, host).catch(() => undefined);
  };

  // The same element as the approved case below, so the wizard keeps its state when the refreshed role arrives.
  if (dealer) return <SellerListing sellerType="dealer" />;
  if (submitted) return <SellerSubmitted sellerType={submitted} onContinue={() => setSubmitted(null)} />;
  if (application.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner label="Checking your seller status" />
      </div>
    );
  }
  if (application.isError) {
    return (
      <ErrorState
        message={`${STATUS_LOAD_FAILED} ${application.error.message}`}
        onRetry={() => void application.refetch()}
      />
    );
  }
  const current = sellerScreen(user, application.data);
  switch (current.kind) {
    case 'dealer-listing':
      return <SellerListing sellerType="dealer" />;
    case 'private-listing':
      return <SellerListing sellerType="private" />;
    case 'under-review':
      return <ApplicationUnderReview application={current.application} userId={user.id} />;
    case 'rejected':
      return <ApplicationRejected application={current.application} />;
    case 'apply':
      return <ApplyTabs userId={user.id} onSubmitted={onSubmitted} />;
  }
}

/** become-seller (Sell): onboarding as a dealer or private seller, then the listing form. */
export function BecomeSellerView() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  let content;
  if (status === 'loading') content = <Spinner label="Loading" />;
  else if (status === 'authenticated' && user) {
    content = <SellerOnboarding key={user.id} user={user} />;
  } else content = <SignInToSell />;
  return (
    <ViewPage
      eyebrow="Sell"
      title="Sell your car"
      purpose="Apply to become a dealer, or sell your own car privately. Listings by private sellers are marked Private Seller."
    >
      {content}
    </ViewPage>
  );
}

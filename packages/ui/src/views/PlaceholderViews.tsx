import { lazy, Suspense } from 'react';
import { Button } from '../components/Button.tsx';
import { ChatIcon, DashboardIcon, SearchIcon, TagIcon, UserIcon, CarIcon } from '../components/icons.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { EmptyState } from '../components/States.tsx';
import { backTarget, useNavigation } from '../state/navigation.ts';
import { ViewPage } from './ViewPage.tsx';

/*
 * Each named view of SPEC 2 with its title and purpose. The shell (bars, header, overlays, URL) is complete; the
 * contents of each view are built on top of these screens.
 */

function useBack(view: Parameters<typeof backTarget>[0]) {
  const navigate = useNavigation((s) => s.navigate);
  return () => navigate(backTarget(view));
}

export function DiscoverView() {
  return (
    <ViewPage
      eyebrow="AI Discovery"
      title="Find your next car"
      purpose="Describe the car you want in your own words (AI Search) or take the five-step Lifestyle Match quiz; matches appear under AI-Matched Cars."
    >
      <EmptyState
        icon={<SearchIcon size={28} />}
        title="AI-Matched Cars"
        description="Your matches, with a score and the reasons each car fits, show here."
      />
    </ViewPage>
  );
}

const CarDetail = lazy(() => import('./detail/CarDetail.tsx').then((m) => ({ default: m.CarDetail })));

/** The car detail page, loaded on first visit to keep it out of the initial bundle. */
export function DetailView() {
  const carId = useNavigation((s) => s.carId);
  const navigate = useNavigation((s) => s.navigate);
  if (!carId) {
    return (
      <EmptyState
        icon={<CarIcon size={28} />}
        title="This car is no longer available"
        actions={<Button onClick={() => navigate('browse')}>Back to listings</Button>}
      />
    );
  }
  return (
    <Suspense fallback={<Spinner label="Loading car details" />}>
      <CarDetail key={carId} carId={carId} />
    </Suspense>
  );
}

export function DealerView() {
  const tab = useNavigation((s) => s.dealerTab);
  return (
    <ViewPage
      eyebrow="Dealer Dashboard"
      title="Dashboard"
      purpose="Manage your inventory, add cars with the five-step wizard, and keep your dealership settings up to date."
    >
      <EmptyState icon={<DashboardIcon size={28} />} title={`Tab: ${tab}`} headingLevel={3} />
    </ViewPage>
  );
}

export function BecomeSellerView() {
  return (
    <ViewPage
      eyebrow="Sell"
      title="Sell your car"
      purpose="Apply to become a dealer, or sell your own car privately. Listings by private sellers are marked Private Seller."
    >
      <EmptyState
        icon={<TagIcon size={28} />}
        title="Become a Dealer or Sell Privately"
        description="Choose how you want to sell."
        headingLevel={3}
      />
    </ViewPage>
  );
}

export function AccountView() {
  const back = useBack('account');
  return (
    <ViewPage
      eyebrow="Account"
      title="My Account"
      purpose="Your liked cars, your profile and phone verification, and settings, help and feedback."
      onBack={back}
      backLabel="Back to browse"
    >
      <EmptyState icon={<UserIcon size={28} />} title="Favorites, Profile, Settings" headingLevel={3} />
    </ViewPage>
  );
}

export function MessagesView() {
  const back = useBack('messages');
  return (
    <ViewPage
      eyebrow="Inbox"
      title="Messages"
      purpose="Your conversations with dealers and sellers about their cars."
      onBack={back}
      backLabel="Back to browse"
    >
      <EmptyState
        icon={<ChatIcon size={28} />}
        title="No conversations yet"
        description="Start a conversation by contacting a dealer about a car"
        headingLevel={3}
      />
    </ViewPage>
  );
}

export function ChatView() {
  const chatUserId = useNavigation((s) => s.chatUserId);
  const carId = useNavigation((s) => s.carId);
  const back = useBack('chat');
  return (
    <ViewPage
      eyebrow="Conversation"
      title="Chat"
      purpose="A full-screen conversation with a seller, with the car you are asking about at the top."
      onBack={back}
      backLabel="Back to the feed"
    >
      <p>
        With <strong>{chatUserId}</strong>
        {carId ? (
          <>
            {' '}
            about car <strong>{carId}</strong>
          </>
        ) : null}
      </p>
    </ViewPage>
  );
}

import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { carIdOf } from '@autoreel/core';
import { Button, IconButton } from '../../components/Button.tsx';
import {
  CarIcon,
  ChevronLeftIcon,
  PlayIcon,
  SearchIcon,
  SparklesIcon,
  TagIcon,
} from '../../components/icons.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { EmptyState, ErrorState } from '../../components/States.tsx';
import { useNavigation } from '../../state/navigation.ts';
import { useSession } from '../../state/session.ts';
import { useShareCar } from '../detail/useShareCar.ts';
import { FeedActions } from './FeedActions.tsx';
import { MutedIcon, PauseIcon, VolumeIcon } from './FeedIcons.tsx';
import { FeedSlide } from './FeedSlide.tsx';
import { useLikeStatuses } from '../../social/useLikeStatuses.ts';
import { useStartChat } from '../../social/useStartChat.ts';
import { feedCarTitle, filterBannerText, idChunks, mountedIndexes, sellerNameOf } from './feed-rules.ts';
import { FEED_PAGE_SIZE, useFeedCars, type FeedCars } from './useFeedCars.ts';
import { useFeedGestures } from './useFeedGestures.ts';
import { useMediaQuery, WIDE_FEED_QUERY } from './useMediaQuery.ts';
import { useViewTracking } from './useViewTracking.ts';
import styles from './TiktokView.module.css';

// Overlays load on first use: the feed is the first screen, so its chunk holds only what a first swipe needs.
const CommentsSheet = lazy(() => import('./CommentsSheet.tsx').then((m) => ({ default: m.CommentsSheet })));
const DealerProfile = lazy(() => import('./DealerProfile.tsx').then((m) => ({ default: m.DealerProfile })));
const AiOverlay = lazy(() => import('./AiOverlay.tsx').then((m) => ({ default: m.AiOverlay })));
const LoginPrompt = lazy(() => import('./LoginPrompt.tsx').then((m) => ({ default: m.LoginPrompt })));
const DetailsPanel = lazy(() => import('./DetailsPanel.tsx').then((m) => ({ default: m.DetailsPanel })));

type Overlay = 'comments' | 'dealer' | 'login' | 'search' | 'quiz' | null;

/** tiktok: the default view, a full-screen vertical video feed of cars, one at a time (SPEC 2). */
export function TiktokView() {
  const feed = useFeedCars();
  const navigate = useNavigation((s) => s.navigate);
  const [overlay, setOverlay] = useState<Overlay>(null);

  const topBar = (
    <div className={styles.topBar}>
      <Button
        variant="video"
        size="sm"
        icon={<ChevronLeftIcon size={18} />}
        onClick={() => navigate('browse')}
      >
        Top Cars
      </Button>
      <div className={styles.topTools}>
        <IconButton label="AI Search" variant="video" size="sm" onClick={() => setOverlay('search')}>
          <SearchIcon size={18} />
        </IconButton>
        <IconButton label="Lifestyle Match" variant="video" size="sm" onClick={() => setOverlay('quiz')}>
          <SparklesIcon size={18} />
        </IconButton>
      </div>
      <Button
        variant="video"
        size="sm"
        icon={<TagIcon size={18} />}
        onClick={() => navigate('become-seller')}
      >
        List Your Car
      </Button>
    </div>
  );
  const aiOverlay =
    overlay === 'search' || overlay === 'quiz' ? (
      <Suspense fallback={null}>
        <AiOverlay kind={overlay} onClose={() => setOverlay(null)} onResults={feed.replaceWith} />
      </Suspense>
    ) : null;

  let body: ReactNode;
  if (feed.status === 'loading') {
    body = (
      <div className={styles.center} role="status">
        <Spinner size={32} label={null} />
        <p>Loading cars...</p>
      </div>
    );
  } else if (feed.status === 'error') {
    body = (
      <div className={styles.center}>
        <ErrorState
          dark
          title="Failed to fetch cars"
          message={feed.error?.message ?? 'Network error'}
          onRetry={feed.retry}
        />
      </div>
    );
  } else if (feed.cars.length === 0) {
    body = (
      <div className={styles.center}>
        {feed.replaced ? (
          <EmptyState
            dark
            headingLevel={2}
            icon={<CarIcon size={28} />}
            title="No cars match"
            description={feed.replaced.label}
            actions={<Button onClick={feed.showAll}>Show All</Button>}
          />
        ) : (
          <EmptyState
            dark
            headingLevel={2}
            icon={<CarIcon size={28} />}
            title="No cars available yet"
            actions={
              <>
                <Button onClick={() => navigate('become-seller')}>List Your Car</Button>
                <Button variant="secondary" onClick={() => navigate('browse')}>
                  Go Back
                </Button>
              </>
            }
          />
        )}
      </div>
    );
  } else {
    body = <FeedStage feed={feed} overlay={overlay} setOverlay={setOverlay} />;
  }

  return (
    <section className={styles.feed} aria-labelledby="feed-title">
      <h1 id="feed-title" className="ar-visually-hidden">
        Car videos
      </h1>
      {body}
      {topBar}
      {feed.replaced ? <FilterBanner feed={feed} /> : null}
      {aiOverlay}
    </section>
  );
}

function FilterBanner({ feed }: { feed: FeedCars }) {
  const text = feed.replaced ? filterBannerText(feed.replaced.shown, feed.replaced.total) : null;
  if (!text) return null;
  return (
    <div className={styles.banner} role="status">
      <span>{text}</span>
      <Button size="sm" variant="secondary" onClick={feed.showAll}>
        Show All
      </Button>
    </div>
  );
}

/** The video surface with its slides, controls, side actions, details panel and the car overlays. */
function FeedStage({
  feed,
  overlay,
  setOverlay,
}: {
  feed: FeedCars;
  overlay: Overlay;
  setOverlay: (overlay: Overlay) => void;
}) {
  const showLogin = useNavigation((s) => s.showLogin);
  const startChat = useStartChat();
  const user = useSession((s) => (s.status === 'authenticated' ? s.user : null));
  const wide = useMediaQuery(WIDE_FEED_QUERY);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [pausedCar, setPausedCar] = useState<string | null>(null);
  const [muted, setMuted] = useState(true);
  const current = feed.current;
  const carId = current ? carIdOf(current) : null;
  const ids = feed.cars.map(carIdOf).filter((id): id is string => id !== null);
  // One batch-status call per page of cars, so a growing feed asks only about its new page.
  const likeStatuses = useLikeStatuses(idChunks(ids, FEED_PAGE_SIZE));
  const share = useShareCar();
  useViewTracking(carId, !!user);

  const detailsCover = detailsOpen && !wide;
  const gestures = useFeedGestures({
    onNext: () => feed.move('next'),
    onPrevious: () => feed.move('previous'),
    onOpenDetails: () => setDetailsOpen(true),
    enabled: overlay === null && !detailsCover,
  });
  const closeOverlay = useCallback(() => setOverlay(null), [setOverlay]);

  // Pausing belongs to one car: moving on plays the next one (SPEC 4: playback starts playing).
  const playing = pausedCar !== carId;

  return (
    <div className={styles.stage} data-details={detailsCover || undefined}>
      <div
        className={styles.viewport}
        onPointerDown={gestures.onPointerDown}
        onPointerUp={gestures.onPointerUp}
        onPointerCancel={gestures.onPointerCancel}
        onWheel={gestures.onWheel}
        role="group"
        aria-roledescription="video feed"
        aria-label="Arrow keys, the wheel or a swipe up and down change car"
      >
        <p className="ar-visually-hidden" aria-live="polite">
          {current ? `Car ${feed.index + 1} of ${feed.cars.length}: ${feedCarTitle(current)}` : ''}
        </p>
        {mountedIndexes(feed.index, feed.cars.length).map((i) => {
          const car = feed.cars[i]!;
          const id = carIdOf(car);
          return id ? (
            <FeedSlide key={id} car={car} offset={i - feed.index} playing={playing} muted={muted} />
          ) : i === feed.index ? (
            <div key={`invalid-${i}`} className={styles.center}>
              <EmptyState dark headingLevel={2} icon={<CarIcon size={28} />} title="Invalid car data" />
            </div>
          ) : null;
        })}
        {carId && current ? (
          <>
            <div className={styles.controls}>
              <IconButton
                label={playing ? 'Pause video' : 'Play video'}
                variant="video"
                size="sm"
                onClick={() => setPausedCar(playing ? carId : null)}
              >
                {playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
              </IconButton>
              <IconButton
                label={muted ? 'Unmute video' : 'Mute video'}
                variant="video"
                size="sm"
                onClick={() => setMuted((m) => !m)}
              >
                {muted ? <MutedIcon size={18} /> : <VolumeIcon size={18} />}
              </IconButton>
            </div>
            <FeedActions
              key={carId}
              carId={carId}
              knownLike={likeStatuses.get(carId)}
              signedIn={!!user}
              sellerName={sellerNameOf(current)}
              hasDealerProfile={!!current.dealerId}
              onLoginRequired={() => setOverlay('login')}
              onComments={() => setOverlay('comments')}
              onShare={() => void share(carId, feedCarTitle(current))}
              onDealer={() => setOverlay('dealer')}
              onMessage={() => startChat({ ...current, id: carId })}
              onDetails={() => setDetailsOpen(true)}
            />
          </>
        ) : null}
        {feed.loadingMore ? (
          <p className={styles.loadingMore} role="status">
            Loading more cars...
          </p>
        ) : null}
      </div>
      {carId && current && (wide || detailsOpen) ? (
        <Suspense fallback={null}>
          <DetailsPanel car={current} carId={carId} overlay={!wide} onClose={() => setDetailsOpen(false)} />
        </Suspense>
      ) : null}
      {carId && current ? (
        <Suspense fallback={null}>
          {overlay === 'comments' ? (
            <CommentsSheet
              carId={carId}
              dealerId={current.dealerId}
              carTitle={feedCarTitle(current)}
              signedIn={!!user}
              onClose={closeOverlay}
              onLoginRequired={() => setOverlay('login')}
            />
          ) : null}
          {overlay === 'dealer' && current.dealerId ? (
            <DealerProfile
              dealerId={current.dealerId}
              carId={carId}
              signedIn={!!user}
              onClose={closeOverlay}
              onLoginRequired={() => setOverlay('login')}
            />
          ) : null}
        </Suspense>
      ) : null}
      {overlay === 'login' ? (
        <Suspense fallback={null}>
          <LoginPrompt
            open
            onOpenChange={(open) => !open && closeOverlay()}
            onLogin={() => {
              closeOverlay();
              showLogin();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

import { lazy, Suspense, useCallback, useState } from 'react';
import { carIdOf } from '@autoreel/core';
import { Button, IconButton } from '../../kit/Button.tsx';
import { CarIcon, HeartIcon, MutedIcon, PauseIcon, PlayIcon, VolumeIcon } from '../../kit/icons.tsx';
import { preloadableLazy } from '../../kit/preloadable-lazy.ts';
import { EmptyState } from '../../kit/States.tsx';
import { rememberIntent, useResumeIntent, type IntentAction } from '../../state/intent.ts';
import { useNavigation } from '../../state/navigation.ts';
import { useSession } from '../../state/session.ts';
import { FeedSlide } from './FeedSlide.tsx';
import { feedCarTitle, filterBannerText, mountedIndexes, sellerNameOf } from '../../cars/feed-rules.ts';
import type { FeedOverlay } from './TiktokView.tsx';
import type { FeedCars } from '../../cars/useFeedCars.ts';
import { useFeedGestures } from './useFeedGestures.ts';
import { useMediaQuery, WIDE_FEED_QUERY } from '../../kit/useMediaQuery.ts';
import { useViewTracking } from './useViewTracking.ts';
import styles from './TiktokView.module.css';

// Overlays load on first use; the side actions just after the first frame.
const CommentsSheet = lazy(() => import('./CommentsSheet.tsx').then((m) => ({ default: m.CommentsSheet })));
const DealerProfile = lazy(() =>
  import('../../car-detail/DealerProfile.tsx').then((m) => ({ default: m.DealerProfile })),
);
const LoginPrompt = lazy(() =>
  import('../../accounts/LoginPrompt.tsx').then((m) => ({ default: m.LoginPrompt })),
);
const FeedCarActions = preloadableLazy(() => import('./FeedCarActions.tsx').then((m) => m.FeedCarActions));
export const preloadFeedActions = () => FeedCarActions.preload();
const DetailsPanel = lazy(() => import('./DetailsPanel.tsx').then((m) => ({ default: m.DetailsPanel })));

/** A heart drawn where the video was double-tapped; it fades and goes when its animation ends. */
interface Heart {
  id: string;
  x: number;
  y: number;
}

/** The video surface with its slides, controls, side actions, details panel and the car overlays. */
export function FeedStage({
  feed,
  overlay,
  setOverlay,
}: {
  feed: FeedCars;
  overlay: FeedOverlay;
  setOverlay: (overlay: FeedOverlay) => void;
}) {
  const showLogin = useNavigation((s) => s.showLogin);
  const user = useSession((s) => (s.status === 'authenticated' ? s.user : null));
  const wide = useMediaQuery(WIDE_FEED_QUERY);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [pausedCar, setPausedCar] = useState<string | null>(null);
  const [muted, setMuted] = useState(true);
  const [hearts, setHearts] = useState<Heart[]>([]);
  const current = feed.current;
  const carId = current ? carIdOf(current) : null;
  // Double-taps are counted per car, from 0 each time a car comes on screen: one made before the side actions
  // loaded still likes once they have, and none carries over to the next car or back to an earlier one.
  const [likeRequests, setLikeRequests] = useState({ carId, count: 0 });
  if (likeRequests.carId !== carId) setLikeRequests({ carId, count: 0 });
  useViewTracking(carId, !!user);
  // The car on screen that shows its poster or first frame: the next car fetches its own poster only behind it.
  const [shownCar, setShownCar] = useState<string | null>(null);

  // Pausing belongs to one car: moving on plays the next one (SPEC 4: playback starts playing).
  const playing = pausedCar !== carId;
  const detailsCover = detailsOpen && !wide;
  const gestures = useFeedGestures({
    onNext: () => feed.move('next'),
    onPrevious: () => feed.move('previous'),
    onOpenDetails: () => setDetailsOpen(true),
    onTap: () => {
      if (carId) setPausedCar(playing ? carId : null);
    },
    onDoubleTap: (point) => {
      setLikeRequests((requests) => ({ ...requests, count: requests.count + 1 }));
      if (user) setHearts((shown) => [...shown, { ...point, id: `${Date.now()}-${shown.length}` }]);
    },
    enabled: overlay === null && !detailsCover,
  });
  const closeOverlay = useCallback(() => setOverlay(null), [setOverlay]);
  // A comment, reply or review asked for sign-in: ask, and reopen its sheet on this car once signed in.
  const loginFor = (action: IntentAction) => () => {
    rememberIntent({ action, carId });
    setOverlay('login');
  };
  useResumeIntent(['comment', 'reply'], carId, !!user, () => setOverlay('comments'));
  useResumeIntent('review', carId, !!user, () => setOverlay('dealer'));

  return (
    <div className={styles.stage} data-details={detailsCover || undefined}>
      {feed.replaced ? <FilterBanner feed={feed} /> : null}
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
            <FeedSlide
              key={id}
              car={car}
              offset={i - feed.index}
              playing={playing}
              muted={muted}
              match={feed.matches.get(id)}
              currentShown={shownCar !== null && shownCar === carId}
              onShown={setShownCar}
            />
          ) : i === feed.index ? (
            <div key={`invalid-${i}`} className={styles.center}>
              <EmptyState dark headingLevel={2} icon={<CarIcon size={28} />} title="Invalid car data" />
            </div>
          ) : null;
        })}
        <div className={styles.scrimTop} aria-hidden="true" />
        <div className={styles.scrimSide} aria-hidden="true" />
        {carId && current && !playing ? (
          <div className={styles.pausedMark} aria-hidden="true" data-testid="feed-paused">
            <PlayIcon size={48} />
          </div>
        ) : null}
        {hearts.map((heart) => (
          <span
            key={heart.id}
            className={styles.heartBurst}
            style={{ left: heart.x, top: heart.y }}
            data-testid="like-heart"
            aria-hidden="true"
            onAnimationEnd={() => setHearts((shown) => shown.filter((h) => h.id !== heart.id))}
          >
            <HeartIcon size={96} fill="currentColor" />
          </span>
        ))}
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
            <Suspense fallback={null}>
              <FeedCarActions
                cars={feed.cars}
                car={current}
                carId={carId}
                signedIn={!!user}
                onLoginRequired={() => setOverlay('login')}
                onComments={() => setOverlay('comments')}
                onDealer={() => setOverlay('dealer')}
                onDetails={() => setDetailsOpen(true)}
                likeRequests={likeRequests.count}
              />
            </Suspense>
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
          <DetailsPanel
            car={current}
            carId={carId}
            overlay={!wide}
            onClose={() => setDetailsOpen(false)}
            onDealer={() => setOverlay('dealer')}
          />
        </Suspense>
      ) : null}
      {carId && current ? (
        <Suspense fallback={null}>
          {overlay === 'comments' ? (
            <CommentsSheet
              carId={carId}
              dealerId={current.dealerId}
              dealerName={sellerNameOf(current)}
              carTitle={feedCarTitle(current)}
              signedIn={!!user}
              onClose={closeOverlay}
              onLoginRequired={loginFor('comment')}
            />
          ) : null}
          {overlay === 'dealer' && current.dealerId ? (
            <DealerProfile
              dealerId={current.dealerId}
              carId={carId}
              signedIn={!!user}
              onClose={closeOverlay}
              onLoginRequired={loginFor('review')}
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

/** SPEC 4: 'Showing X of Y cars, Filters are active' with Show All, while AI results replace the list. */
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

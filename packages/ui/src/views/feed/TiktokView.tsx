import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Button, IconButton } from '../../kit/Button.tsx';
import { CarIcon, ChevronLeftIcon, SearchIcon, SparklesIcon, TagIcon } from '../../kit/icons.tsx';
import { preloadableLazy } from '../../kit/preloadable-lazy.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { EmptyState, ErrorState } from '../../kit/States.tsx';
import { useNavigation } from '../../state/navigation.ts';
import { useFeedCars } from '../../cars/useFeedCars.ts';
import styles from './TiktokView.module.css';

// Overlays load on first use: the feed is the first screen, so its chunk holds only what a first swipe needs.
/**
 * The video surface: loaded apart from the first chunk but started on mount, so it arrives while the first page of
 * cars is still on its way and never delays the first video.
 */
const loadStage = () => import('./FeedStage.tsx');
const FeedStage = preloadableLazy(() => loadStage().then((m) => m.FeedStage));

/** The feed's first screen: the stage and the current car's side actions. */
export const preloadFeed = () =>
  loadStage().then((m) => Promise.all([FeedStage.preload(), m.preloadFeedActions()]).then(() => undefined));
const AiOverlay = lazy(() => import('./AiOverlay.tsx').then((m) => ({ default: m.AiOverlay })));

export type FeedOverlay = 'comments' | 'dealer' | 'login' | 'search' | 'quiz' | null;

/** tiktok: the default view, a full-screen vertical video feed of cars, one at a time (SPEC 2). */
export function TiktokView() {
  const feed = useFeedCars();
  useEffect(() => {
    void loadStage();
  }, []);
  const navigate = useNavigation((s) => s.navigate);
  const [overlay, setOverlay] = useState<FeedOverlay>(null);

  const topBar = (
    <div className={styles.topBar} data-testid="feed-top-bar">
      <Button
        variant="video"
        size="sm"
        icon={<ChevronLeftIcon size={18} />}
        className={styles.topLabel}
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
        className={styles.topLabel}
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
    body = <FeedLoading />;
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
    body = (
      <Suspense fallback={<FeedLoading />}>
        <FeedStage feed={feed} overlay={overlay} setOverlay={setOverlay} />
      </Suspense>
    );
  }

  return (
    <section className={styles.feed} aria-labelledby="feed-title">
      <h1 id="feed-title" className="ar-visually-hidden">
        Car videos
      </h1>
      {body}
      {topBar}
      {aiOverlay}
    </section>
  );
}

function FeedLoading() {
  return (
    <div className={styles.center} role="status">
      <Spinner size={32} label={null} />
      <p>Loading cars...</p>
    </div>
  );
}

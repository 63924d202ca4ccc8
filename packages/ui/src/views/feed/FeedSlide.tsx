import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { cx } from '../../kit/cx.ts';
import { CarIcon } from '../../kit/icons.tsx';
import { useApi } from '../../platform/ApiProvider.tsx';
import { MatchBadge, MatchReasons, type CarMatch } from '../../cars/MatchScore.tsx';
import { ResponsivePhoto } from '../../cars/ResponsivePhoto.tsx';
import { placeholderUrl } from '../../cars/photo-srcset.ts';
import {
  feedCarPrice,
  feedCarTitle,
  feedMedia,
  preloadFor,
  sellerLocationOf,
  sellerNameOf,
} from '../../cars/feed-rules.ts';
import type { FeedCar } from '../../cars/useFeedCars.ts';
import { PriceDropBadge } from '../../cars/PriceDropBadge.tsx';
import styles from './TiktokView.module.css';

export interface FeedSlideProps {
  car: FeedCar;
  /** Position relative to the current car: 0 is on screen, 1 the next (preloading), -1 the previous. */
  offset: number;
  playing: boolean;
  muted: boolean;
  /** Set when AI results replaced the feed: this car's score and reasons, shown in the caption. */
  match?: CarMatch;
}

/** The longest the first car's video waits for its poster photo before it loads anyway. */
const POSTER_WAIT_MS = 3_000;

/** Starts a video from the beginning, quietly: a refused autoplay leaves the poster, which is fine. */
function restart(video: HTMLVideoElement) {
  try {
    video.currentTime = 0;
  } catch {
    // Not seekable before its metadata arrived; it starts at 0 anyway.
  }
  void Promise.resolve(video.play()).catch(() => undefined);
}

/**
 * One car of the feed: its video (or poster when it has none) full screen, with the caption. Slides stay mounted
 * while they are next to the current one, so the next video is already buffered when a swipe brings it in, and a
 * slide that becomes current restarts from the beginning (SPEC 4).
 */
export function FeedSlide({ car, offset, playing, muted, match }: FeedSlideProps) {
  const { assetUrl } = useApi();
  const video = useRef<HTMLVideoElement>(null);
  const active = offset === 0;
  const { video: src, poster } = feedMedia(car, assetUrl);
  const title = feedCarTitle(car);
  // The poster is a photo under the video until the video has a frame: a <picture> picks AVIF where the browser
  // takes it, which a <video poster> (one URL) cannot. A slide fetches it once it has been on screen: the next one
  // shows its preloaded first frame, or the poster's inline placeholder, so the first screen downloads one poster.
  const [seen, setSeen] = useState(active);
  const [framed, setFramed] = useState(false);
  // The file the photo picked also becomes the video's poster (from the cache): with a poster, the page's largest
  // paint is the poster the buyer saw at once, not the video's first frame, which comes much later on a slow network.
  // A slide on screen from the start (the first car) loads its video once that poster is set, so no frame comes first.
  const [pickedPoster, setPickedPoster] = useState<string | undefined>(undefined);
  const [holdingVideo, setHoldingVideo] = useState(active && !!poster && !!src);
  const posterSettled = (picked: string | undefined) => {
    setPickedPoster(picked);
    setHoldingVideo(false);
  };
  const videoSrc = holdingVideo ? undefined : src;
  useEffect(() => {
    if (!holdingVideo) return;
    // A poster that neither loads nor fails (a stalled request) must not keep the video from ever starting.
    const release = setTimeout(() => setHoldingVideo(false), POSTER_WAIT_MS);
    return () => clearTimeout(release);
  }, [holdingVideo]);
  if (active && !seen) setSeen(true);
  const placeholder = placeholderUrl(car.posterPhoto?.placeholder);
  const videoStyle: CSSProperties | undefined = framed
    ? undefined
    : {
        background: placeholder && !seen ? `url("${placeholder}") center / contain no-repeat` : 'transparent',
      };

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (active) restart(el);
    else el.pause();
  }, [active, videoSrc]);

  useEffect(() => {
    const el = video.current;
    if (!el || !active) return;
    if (playing) void Promise.resolve(el.play()).catch(() => undefined);
    else el.pause();
  }, [playing, active]);

  const seller = sellerNameOf(car);
  const location = sellerLocationOf(car);
  return (
    <div
      className={cx(styles.slide, active && styles.slideActive)}
      style={{ transform: `translateY(${offset * 100}%)` }}
      aria-hidden={!active}
      inert={!active}
      data-testid={active ? 'feed-current' : undefined}
    >
      {src ? (
        <>
          <video
            ref={video}
            className={cx(styles.video, styles.videoOverPoster)}
            style={videoStyle}
            src={videoSrc}
            poster={pickedPoster}
            muted={muted}
            loop
            playsInline
            preload={preloadFor(offset)}
            aria-label={`Video of the ${title}`}
            onLoadedData={() => setFramed(true)}
          />
          {poster && seen && !framed ? (
            <ResponsivePhoto
              className={cx(styles.video, styles.posterUnderVideo)}
              photo={car.posterPhoto}
              fallbackSrc={poster}
              sizes="100vw"
              alt=""
              decoding="async"
              fetchPriority={active ? 'high' : 'low'}
              data-testid="feed-poster"
              onLoad={(event) => posterSettled(event.currentTarget.currentSrc || undefined)}
              onError={() => posterSettled(undefined)}
            />
          ) : null}
        </>
      ) : poster ? (
        <ResponsivePhoto
          className={styles.video}
          photo={car.posterPhoto}
          fallbackSrc={poster}
          sizes="100vw"
          alt={title}
          decoding="async"
          fetchPriority={active ? 'high' : 'low'}
        />
      ) : (
        <div className={styles.noMedia} role="img" aria-label={`No video of the ${title}`}>
          <CarIcon size={56} />
        </div>
      )}
      <div className={styles.caption}>
        <div className={styles.captionTags}>
          <p className={styles.price}>{feedCarPrice(car)}</p>
          <PriceDropBadge car={car} />
          {match ? <MatchBadge score={match.matchScore} compact /> : null}
        </div>
        <h2 className={styles.carTitle}>{title}</h2>
        {match ? <MatchReasons reasons={match.reasons} dark /> : null}
        {seller || location ? (
          <p className={styles.sellerLine}>
            {car.isPrivateSeller ? <span className={styles.privateBadge}>Private Seller</span> : null}
            {[seller, location].filter(Boolean).join(' · ')}
          </p>
        ) : null}
      </div>
    </div>
  );
}

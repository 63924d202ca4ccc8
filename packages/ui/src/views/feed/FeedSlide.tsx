import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { carIdOf, videoPreload } from '@autoreel/core';
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
  sellerLocationOf,
  sellerNameOf,
} from '../../cars/feed-rules.ts';
import type { FeedCar } from '../../cars/useFeedCars.ts';
import { PriceDropBadge } from '../../cars/PriceDropBadge.tsx';
import { useDataSaver } from '../../platform/data-saver.ts';
import { useHydrating } from '../../kit/useHydrating.ts';
import { attachHls, feedPlaybackPlan, preloadUrls } from './feed-playback.ts';
import styles from './TiktokView.module.css';

export interface FeedSlideProps {
  car: FeedCar;
  /** Position relative to the current car: 0 is on screen, 1 the next (preloading), -1 the previous. */
  offset: number;
  playing: boolean;
  muted: boolean;
  /** Set when AI results replaced the feed: this car's score and reasons, shown in the caption. */
  match?: CarMatch;
  /** The current car shows its poster or its first frame: only then may the next car fetch its own poster. */
  currentShown: boolean;
  /** Told this car's id once it is on screen and shows its poster or its first frame (or has nothing to fetch). */
  onShown: (carId: string) => void;
}

/** The longest the first car's video waits for its poster photo before it loads anyway. */
const POSTER_WAIT_MS = 3_000;
/** The next car's poster is fetched this long after the current car shows its poster or first frame. */
const NEXT_POSTER_DELAY_MS = 1_000;

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
export function FeedSlide({ car, offset, playing, muted, match, currentShown, onShown }: FeedSlideProps) {
  const { assetUrl } = useApi();
  const video = useRef<HTMLVideoElement>(null);
  const active = offset === 0;
  const { video: src, poster, stream } = feedMedia(car, assetUrl);
  const title = feedCarTitle(car);
  // How the video plays (HLS natively or through hls.js, or the MP4) and what is fetched ahead: core's rules.
  const dataSaver = useDataSaver();
  // The plan reads the browser (its HLS, media source extensions, Save-Data): none while the server's render is
  // hydrated, which knows no browser, so the first render after it draws the plan's attributes and source.
  const hydrating = useHydrating();
  const plan = useMemo(
    () => (src && !hydrating ? feedPlaybackPlan(src, stream, dataSaver) : null),
    // The stream's URLs are derived from the car; its identity changes with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [src, stream?.master, dataSaver, hydrating],
  );
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
  // Something real is on screen for this car (its poster, loaded or failed, or a frame); a car with no poster has
  // nothing to wait for.
  const [shown, setShown] = useState(!poster);
  const posterSettled = (picked: string | undefined) => {
    setPickedPoster(picked);
    setHoldingVideo(false);
    setShown(true);
  };
  // A ladder is only given to a player on screen: the MP4 of the next car may buffer, a ladder's next car fetches
  // its first segment instead (below). hls.js takes no src attribute: it is attached in an effect.
  const attachable = !holdingVideo && plan !== null && (plan.engine === 'mp4' || active);
  const videoSrc = attachable && plan.engine !== 'hls.js' ? plan.src : undefined;
  const hlsReady = attachable && plan.engine === 'hls.js';
  const playingNow = useRef(playing);
  useEffect(() => {
    playingNow.current = playing;
  }, [playing]);
  useEffect(() => {
    if (!holdingVideo) return;
    // A poster that neither loads nor fails (a stalled request) must not keep the video from ever starting.
    const release = setTimeout(() => setHoldingVideo(false), POSTER_WAIT_MS);
    return () => clearTimeout(release);
  }, [holdingVideo]);
  if (active && !seen) setSeen(true);
  const placeholder = placeholderUrl(car.posterPhoto?.placeholder);
  // The poster's inline placeholder, drawn until a slide not yet seen has fetched its poster.
  const placeholderBackground = placeholder ? `url("${placeholder}") center / cover no-repeat` : undefined;
  const videoStyle: CSSProperties | undefined = framed
    ? undefined
    : { background: placeholderBackground && !seen ? placeholderBackground : 'transparent' };

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (active) restart(el);
    else el.pause();
  }, [active, videoSrc]);

  useEffect(() => {
    const el = video.current;
    if (!el || !hlsReady || !plan || !src) return;
    return attachHls(el, plan, src, () => playingNow.current);
  }, [hlsReady, plan, src]);

  const carId = carIdOf(car);
  useEffect(() => {
    if (active && shown && carId) onShown(carId);
  }, [active, shown, carId, onShown]);

  // The next car: outside low data, its first segment; and its poster a second after the current car shows its own,
  // so that on a slow connection the poster on screen does not share its bandwidth with one off screen.
  const preloadNext = offset === 1 && plan ? plan.preloadNext.urls : null;
  useEffect(() => {
    if (!preloadNext) return;
    return preloadUrls(preloadNext);
  }, [preloadNext]);
  const posterBehindCurrent = offset === 1 && plan !== null && currentShown && !seen;
  useEffect(() => {
    if (!posterBehindCurrent) return;
    const showPoster = setTimeout(() => setSeen(true), NEXT_POSTER_DELAY_MS);
    return () => clearTimeout(showPoster);
  }, [posterBehindCurrent]);

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
      <div className={styles.frame}>
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
              preload={plan ? videoPreload(plan, offset) : 'none'}
              data-playback={plan?.engine}
              data-low-data={plan?.lowData ?? undefined}
              aria-label={`Video of the ${title}`}
              onLoadedData={() => {
                setFramed(true);
                setShown(true);
              }}
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
        ) : poster && seen ? (
          <ResponsivePhoto
            className={styles.video}
            photo={car.posterPhoto}
            fallbackSrc={poster}
            sizes="100vw"
            alt={title}
            decoding="async"
            fetchPriority={active ? 'high' : 'low'}
            onLoad={() => setShown(true)}
            onError={() => setShown(true)}
          />
        ) : poster ? (
          // A car without a video, not on screen yet: its photo's inline placeholder, as a video car's slide shows
          // until its poster is fetched, so the first screen still downloads one photo.
          <div
            className={styles.video}
            role="img"
            aria-label={title}
            style={placeholderBackground ? { background: placeholderBackground } : undefined}
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
    </div>
  );
}

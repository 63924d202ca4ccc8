import { useEffect, useRef } from 'react';
import { cx } from '../../components/Button.tsx';
import { CarIcon } from '../../components/icons.tsx';
import { useApi } from '../../api/ApiProvider.tsx';
import { ResponsivePhoto } from '../../components/ResponsivePhoto.tsx';
import { renditionFor } from '../../components/photo-srcset.ts';
import {
  feedCarPrice,
  feedCarTitle,
  feedMedia,
  preloadFor,
  sellerLocationOf,
  sellerNameOf,
  type FeedCar,
} from './feed-rules.ts';
import styles from './TiktokView.module.css';

export interface FeedSlideProps {
  car: FeedCar;
  /** Position relative to the current car: 0 is on screen, 1 the next (preloading), -1 the previous. */
  offset: number;
  playing: boolean;
  muted: boolean;
}

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
export function FeedSlide({ car, offset, playing, muted }: FeedSlideProps) {
  const { assetUrl } = useApi();
  const video = useRef<HTMLVideoElement>(null);
  const active = offset === 0;
  const { video: src, poster: plainPoster } = feedMedia(car, assetUrl);
  // A <video poster> takes one URL: the rendition that covers this screen.
  const poster =
    assetUrl(renditionFor(car.posterPhoto, window.innerWidth, window.devicePixelRatio)) ?? plainPoster;
  const title = feedCarTitle(car);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (active) restart(el);
    else el.pause();
  }, [active]);

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
        <video
          ref={video}
          className={styles.video}
          src={src}
          poster={poster}
          muted={muted}
          loop
          playsInline
          preload={preloadFor(offset)}
          aria-label={`Video of the ${title}`}
        />
      ) : poster ? (
        <ResponsivePhoto
          className={styles.video}
          photo={car.posterPhoto}
          fallbackSrc={plainPoster}
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
        <p className={styles.price}>{feedCarPrice(car)}</p>
        <h2 className={styles.carTitle}>{title}</h2>
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

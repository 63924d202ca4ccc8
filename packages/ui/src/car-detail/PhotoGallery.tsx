import { lazy, Suspense, useRef, useState, type PointerEvent } from 'react';
import { swipeDirection, type Photo } from '@autoreel/core';
import { cx } from '../kit/cx.ts';
import { CarPhoto } from '../cars/CarPhoto.tsx';
import { CarIcon } from '../kit/icons.tsx';
import { GALLERY_SIZES } from '../cars/photo-sizes.ts';
import { stepIndex, TAP_SLOP_PX } from './photo-zoom.ts';
import styles from './PhotoGallery.module.css';

// The full-screen viewer (and its gesture code) loads on the first tap on a photo.
const PhotoViewer = lazy(() => import('./PhotoViewer.tsx').then((m) => ({ default: m.PhotoViewer })));

export const photoAlt = (title: string, index: number, count: number) =>
  `${title}, photo ${index + 1} of ${count}`;

/**
 * Every photo of a car: a strip that follows the finger (a swipe left or right moves one photo), the count, and a
 * row of thumbnails. A tap opens the full-screen viewer at that photo.
 */
export function PhotoGallery({ photos, title }: { photos: Photo[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [viewer, setViewer] = useState(false);
  const [drag, setDrag] = useState(0);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const count = photos.length;

  if (count === 0) {
    return (
      <div className={styles.noImage} role="img" aria-label={`No photos of the ${title}`}>
        <CarIcon size={40} />
      </div>
    );
  }

  const onPointerDown = (event: PointerEvent) => {
    if (start.current) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent) => {
    const from = start.current;
    if (!from || from.id !== event.pointerId || count < 2) return;
    const dx = event.clientX - from.x;
    // Past the first or last photo the strip gives only a little, so the end is felt.
    const atEnd = (dx > 0 && index === 0) || (dx < 0 && index === count - 1);
    setDrag(atEnd ? dx / 4 : dx);
  };
  const onPointerEnd = (event: PointerEvent) => {
    const from = start.current;
    if (!from || from.id !== event.pointerId) return;
    start.current = null;
    setDrag(0);
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (event.type === 'pointercancel') return;
    if (Math.abs(dx) < TAP_SLOP_PX && Math.abs(dy) < TAP_SLOP_PX) {
      setViewer(true);
      return;
    }
    const direction = swipeDirection(dx, dy);
    if (direction === 'left') setIndex((i) => stepIndex(i, 1, count));
    else if (direction === 'right') setIndex((i) => stepIndex(i, -1, count));
  };

  return (
    <section className={styles.gallery} aria-label="Photos" aria-roledescription="carousel">
      <div
        className={styles.frame}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        data-testid="gallery-frame"
      >
        <ul
          className={cx(styles.track, drag !== 0 && styles.dragging)}
          style={{ transform: `translateX(calc(${-index * 100}% + ${drag}px))` }}
        >
          {photos.map((photo, i) => (
            <li
              key={photo.src}
              className={styles.slide}
              aria-hidden={i !== index}
              aria-roledescription="slide"
              aria-label={photoAlt(title, i, count)}
            >
              <CarPhoto
                photo={photo}
                sizes={GALLERY_SIZES}
                alt={photoAlt(title, i, count)}
                priority={i === 0}
                className={styles.photo}
              />
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={styles.open}
          onClick={(event) => {
            // A pointer's tap is handled above, with the swipe; this is the keyboard's way in.
            if (event.detail === 0) setViewer(true);
          }}
          aria-label={`View photo ${index + 1} of ${count} full screen`}
        />
        {count > 1 ? (
          <span className={styles.counter} aria-live="polite" data-testid="gallery-counter">
            {index + 1} / {count}
          </span>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className={styles.thumbs} aria-label="All photos">
          {photos.map((photo, i) => (
            <li key={photo.src}>
              <button
                type="button"
                className={cx(styles.thumb, i === index && styles.thumbActive)}
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1}`}
                aria-pressed={i === index}
              >
                <CarPhoto photo={photo} sizes="72px" alt="" className={styles.photo} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {viewer ? (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={photos}
            title={title}
            index={index}
            onIndexChange={setIndex}
            onClose={() => setViewer(false)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

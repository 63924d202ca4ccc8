import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cx } from '../kit/cx.ts';
import { CloseIcon } from '../kit/icons.tsx';
import { useObjectUrl } from '../kit/useObjectUrl.ts';
import type { PickedFile } from '../platform/host.ts';
import type { WizardMedia } from './useWizardMedia.ts';
import styles from './Wizard.module.css';

function Thumbnail({ photo }: { photo: PickedFile }) {
  const url = useObjectUrl(photo.blob);
  return url ? <img className={styles.photoThumb} src={url} alt="" draggable={false} /> : null;
}

/**
 * A photo's key that follows it when the order changes (an index would remount every tile on a move, reloading its
 * thumbnail and shifting the grid under the next tap); the same file added twice is told apart by its turn.
 */
function photoKey(photos: readonly PickedFile[], index: number): string {
  const photo = photos[index]!;
  const turn = photos.slice(0, index).filter((p) => p.name === photo.name && p.size === photo.size).length;
  return `${photo.name}-${photo.size}-${turn}`;
}

/** A press that moves less than this is a tap (on the tile's buttons), not a drag. */
const DRAG_SLOP_PX = 8;
/** How long after a tap acted on its pointerup the click that may follow it is ignored. */
const TAP_CLICK_WINDOW_MS = 1_000;

type TileAction = 'cover' | 'remove';

/** The photo tile under a point, by its index; null over anything else. */
function tileAt(x: number, y: number): number | null {
  const tile = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-photo-index]');
  return tile ? Number(tile.dataset['photoIndex']) : null;
}

/**
 * The listing's photos as tiles in their order: dragged (finger, pen or mouse) or moved with the arrow keys to
 * reorder, one chosen as the cover (the first). Pointer events with `touch-action: none` on the tiles, so a
 * finger drag reorders instead of scrolling the page.
 */
export function PhotoOrganizer({ media }: { media: WizardMedia }) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const drag = useRef<{ from: number; pointerId: number; x: number; y: number; moved: boolean } | null>(null);

  // A press on a tile's button stays a tap on it until the finger moves: only then is it a drag.
  const dragged = useRef(false);
  // Chromium may not follow the first tap after a fast finger drag with a click (a tap that stops a fling is no
  // click), so a tile's buttons act on the tap's pointerup; the click that usually follows is then ignored.
  const tappedAt = useRef<number | null>(null);
  const act = (index: number, action: TileAction) =>
    action === 'cover' ? media.makeCover(index) : media.removePhoto(index);
  const onPointerDown = (index: number) => (event: PointerEvent<HTMLLIElement>) => {
    dragged.current = false;
    tappedAt.current = null;
    drag.current = {
      from: index,
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      moved: false,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    if (!current.moved) {
      if (Math.hypot(event.clientX - current.x, event.clientY - current.y) < DRAG_SLOP_PX) return;
      current.moved = true;
      // A mouse keeps the drag when it leaves the tile (a finger's events stay with its tile anyway).
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDragging(current.from);
    }
    const at = tileAt(event.clientX, event.clientY);
    if (at !== null) setOver(at);
  };
  const finish = (event: PointerEvent<HTMLLIElement>, apply: boolean) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    drag.current = null;
    dragged.current = current.moved;
    if (current.moved) {
      const to = apply ? (tileAt(event.clientX, event.clientY) ?? over) : null;
      if (to !== null && to !== current.from) media.movePhoto(current.from, to);
    } else if (apply) {
      const button = (event.target as Element).closest<HTMLElement>('button[data-tile-action]');
      // Lifted over the button it was pressed on: a tap on it.
      if (button && document.elementFromPoint(event.clientX, event.clientY)?.closest('button') === button) {
        tappedAt.current = event.timeStamp;
        act(current.from, button.dataset['tileAction'] as TileAction);
      }
    }
    setDragging(null);
    setOver(null);
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget) return;
    const step =
      event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? -1
        : event.key === 'ArrowRight' || event.key === 'ArrowDown'
          ? 1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    media.movePhoto(index, index + step);
  };

  return (
    <>
      <p className={styles.hint}>
        Drag the photos (or use the arrow keys) to order them. The first is the cover.
      </p>
      <ol
        className={styles.photoGrid}
        aria-label="Photos in order"
        onClickCapture={(event) => {
          // The tap already acted; its click may land on whichever tile is now under the finger.
          const tapped = tappedAt.current;
          tappedAt.current = null;
          if (tapped !== null && event.timeStamp - tapped < TAP_CLICK_WINDOW_MS) event.stopPropagation();
        }}
      >
        {media.photos.map((photo, index) => (
          <li
            key={photoKey(media.photos, index)}
            className={cx(
              styles.photoTile,
              dragging === index && styles.photoDragging,
              over === index && dragging !== null && dragging !== index && styles.photoOver,
            )}
            data-photo-index={index}
            tabIndex={0}
            aria-label={`${photo.name}, photo ${index + 1} of ${media.photos.length}${index === 0 ? ', cover' : ''}`}
            onPointerDown={onPointerDown(index)}
            onPointerMove={onPointerMove}
            onPointerUp={(event) => finish(event, true)}
            onPointerCancel={(event) => finish(event, false)}
            onKeyDown={onKeyDown(index)}
            onClickCapture={(event) => {
              // A drag that began on a button is not also a tap on it.
              if (dragged.current) event.stopPropagation();
            }}
          >
            <Thumbnail photo={photo} />
            <span className={styles.photoName}>{photo.name}</span>
            {index === 0 ? (
              <span className={styles.coverBadge}>Cover</span>
            ) : (
              <button
                type="button"
                className={styles.coverButton}
                aria-label={`Make ${photo.name} the cover`}
                data-tile-action="cover"
                onClick={() => act(index, 'cover')}
              >
                Make cover
              </button>
            )}
            <button
              type="button"
              className={styles.iconRemove}
              aria-label={`Remove ${photo.name}`}
              data-tile-action="remove"
              onClick={() => act(index, 'remove')}
            >
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ol>
    </>
  );
}

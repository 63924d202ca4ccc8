import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { shouldDismiss, swipeDirection, type Photo } from '@autoreel/core';
import { IconButton } from '../kit/Button.tsx';
import { CarPhoto } from '../cars/CarPhoto.tsx';
import { ChevronLeftIcon, CloseIcon } from '../kit/icons.tsx';
import { photoAlt } from './PhotoGallery.tsx';
import {
  clampZoom,
  distance,
  DOUBLE_TAP_MS,
  doubleTapZoom,
  midpoint,
  NO_ZOOM,
  stepIndex,
  TAP_SLOP_PX,
  zoomAround,
  type Zoom,
} from './photo-zoom.ts';
import styles from './PhotoViewer.module.css';

interface Point {
  x: number;
  y: number;
}

/** What the fingers on the stage are doing, from the first finger down to the last one up. */
interface Gesture {
  /** Where each finger is now, by pointer id. */
  points: Map<number, Point>;
  /** The zoom and the finger(s) when the current one- or two-finger phase began. */
  from: Zoom;
  anchor: Point;
  spread: number;
  startedAt: number;
  pinched: boolean;
}

export interface PhotoViewerProps {
  photos: Photo[];
  title: string;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * The full-screen photo viewer. Touch: pinch or double tap to zoom, drag to pan a zoomed photo, swipe sideways
 * for the next or previous photo, swipe down to close. Keyboard: arrows and Escape. Radix keeps focus inside and
 * gives it back to the gallery on close.
 */
export function PhotoViewer({ photos, title, index, onIndexChange, onClose }: PhotoViewerProps) {
  const count = photos.length;
  const stage = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);
  const [zoom, setZoom] = useState<Zoom>(NO_ZOOM);
  const [drag, setDrag] = useState<Point>({ x: 0, y: 0 });
  const [moving, setMoving] = useState(false);

  const go = (delta: number) => {
    setZoom(NO_ZOOM);
    onIndexChange(stepIndex(index, delta, count));
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') go(-1);
      if (event.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  /** A point in stage coordinates: px from the stage's centre. */
  const local = (event: PointerEvent): Point => {
    const box = stage.current!.getBoundingClientRect();
    return { x: event.clientX - box.left - box.width / 2, y: event.clientY - box.top - box.height / 2 };
  };
  const stageSize = () => {
    const box = stage.current!.getBoundingClientRect();
    return { width: box.width, height: box.height };
  };

  /** Starts a phase (one finger: pan or swipe; two: pinch) from the fingers down now and the zoom shown now. */
  const beginPhase = (g: Gesture, current: Zoom) => {
    const [a, b] = [...g.points.values()];
    g.from = current;
    g.anchor = b ? midpoint(a!, b) : a!;
    g.spread = b ? distance(a!, b) : 0;
  };

  const onPointerDown = (event: PointerEvent) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = local(event);
    const g: Gesture = gesture.current ?? {
      points: new Map(),
      from: zoom,
      anchor: point,
      spread: 0,
      startedAt: event.timeStamp,
      pinched: false,
    };
    g.points.set(event.pointerId, point);
    if (g.points.size === 2) g.pinched = true;
    beginPhase(g, zoom);
    gesture.current = g;
    setMoving(true);
  };

  const onPointerMove = (event: PointerEvent) => {
    const g = gesture.current;
    if (!g || !g.points.has(event.pointerId)) return;
    g.points.set(event.pointerId, local(event));
    const [a, b] = [...g.points.values()];
    if (b && g.spread > 0) {
      const centre = midpoint(a!, b);
      const scale = g.from.scale * (distance(a!, b) / g.spread);
      // Zoom around where the pinch began, then follow the fingers' centre as it moves.
      const zoomed = zoomAround(g.from, scale, g.anchor, stageSize());
      setZoom(
        clampZoom(
          { ...zoomed, x: zoomed.x + centre.x - g.anchor.x, y: zoomed.y + centre.y - g.anchor.y },
          stageSize(),
        ),
      );
      return;
    }
    const dx = a!.x - g.anchor.x;
    const dy = a!.y - g.anchor.y;
    if (g.from.scale > 1) setZoom(clampZoom({ ...g.from, x: g.from.x + dx, y: g.from.y + dy }, stageSize()));
    else if (!g.pinched) setDrag({ x: dx, y: Math.max(dy, 0) });
  };

  const onPointerEnd = (event: PointerEvent) => {
    const g = gesture.current;
    if (!g || !g.points.has(event.pointerId)) return;
    const end = local(event);
    g.points.delete(event.pointerId);
    if (g.points.size > 0) {
      // One finger of a pinch lifted: the other carries on from here without a jump.
      beginPhase(g, zoom);
      return;
    }
    gesture.current = null;
    setMoving(false);
    setDrag({ x: 0, y: 0 });
    if (event.type === 'pointercancel' || g.pinched) {
      if (zoom.scale <= 1.02) setZoom(NO_ZOOM);
      return;
    }
    const dx = end.x - g.anchor.x;
    const dy = end.y - g.anchor.y;
    if (Math.abs(dx) < TAP_SLOP_PX && Math.abs(dy) < TAP_SLOP_PX) {
      onTap(end, event.timeStamp);
      return;
    }
    if (g.from.scale > 1) return;
    const direction = swipeDirection(dx, dy);
    if (direction === 'left') go(1);
    else if (direction === 'right') go(-1);
    else if (direction === 'down' && shouldDismiss(dy)) onClose();
  };

  const onTap = (point: Point, at: number) => {
    const last = lastTap.current;
    if (
      last &&
      at - last.at < DOUBLE_TAP_MS &&
      Math.hypot(point.x - last.point.x, point.y - last.point.y) < 40
    ) {
      lastTap.current = null;
      setZoom(doubleTapZoom(zoom, point, stageSize()));
      return;
    }
    lastTap.current = { at, point };
  };

  const dismissProgress = Math.min(drag.y / 300, 0.6);
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          className={styles.viewer}
          aria-describedby={undefined}
          style={{ backgroundColor: `rgb(0 0 0 / ${1 - dismissProgress})` }}
        >
          <RadixDialog.Title className={styles.srOnly}>Photos of the {title}</RadixDialog.Title>
          <div className={styles.bar}>
            <span aria-live="polite" data-testid="viewer-counter">
              {index + 1} / {count}
            </span>
            <RadixDialog.Close asChild>
              <IconButton label="Close photos" variant="solid">
                <CloseIcon size={20} />
              </IconButton>
            </RadixDialog.Close>
          </div>
          <div
            ref={stage}
            className={styles.stage}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            data-testid="viewer-stage"
            data-zoom={zoom.scale.toFixed(2)}
          >
            <CarPhoto
              key={photos[index]!.src}
              photo={photos[index]!}
              sizes="100vw"
              alt={photoAlt(title, index, count)}
              className={styles.photo}
              priority
              style={{
                transform: `translate(${zoom.x + drag.x}px, ${zoom.y + drag.y}px) scale(${zoom.scale})`,
                transition: moving ? 'none' : undefined,
              }}
            />
          </div>
          {count > 1 ? (
            <div className={styles.nav}>
              <IconButton
                label="Previous photo"
                variant="solid"
                onClick={() => go(-1)}
                disabled={index === 0}
              >
                <ChevronLeftIcon size={22} />
              </IconButton>
              <IconButton
                label="Next photo"
                variant="solid"
                onClick={() => go(1)}
                disabled={index === count - 1}
              >
                <ChevronLeftIcon size={22} className={styles.flip} />
              </IconButton>
            </div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

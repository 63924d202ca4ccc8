import { useEffect, useRef, type PointerEvent, type TouchEvent, type WheelEvent } from 'react';
import { shouldDismiss, swipeDirection } from '@autoreel/core';
import { DOUBLE_TAP_MS, isDoubleTap, isTap, type TapPoint } from '../../cars/feed-rules.ts';

/** A trackpad sends dozens of wheel events per flick; one move per flick. */
export const WHEEL_COOLDOWN_MS = 600;
/** Wheel movement that counts as a deliberate scroll rather than jitter. */
export const WHEEL_MIN_DELTA = 20;

export interface FeedGestureHandlers {
  onNext: () => void;
  onPrevious: () => void;
  onOpenDetails: () => void;
  /** A single tap on the video (after the double-tap window has passed without a second tap). */
  onTap: () => void;
  /** Two quick taps on the video, at the second tap's point in the viewport. */
  onDoubleTap: (point: { x: number; y: number }) => void;
  /** Keys and wheel only act while nothing covers the feed (an overlay, a text field). */
  enabled: boolean;
}

/** A tap on a control (a side button, the play button) belongs to the control, not to the video under it. */
function onControl(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('button, a, input, textarea, select, [role="dialog"]') !== null
  );
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * Set on the document element while the feed answers its arrow keys. The storefront's start-up script
 * (apps/storefront/src/start-after-first-paint.ts, which names it again) holds the arrows pressed on the server's
 * screen of the feed until it appears, then presses them again.
 */
export const FEED_KEYS_ATTRIBUTE = 'data-feed-keys';

/**
 * Swipe (more than 50 px, SPEC 9), wheel and arrow keys on the feed: up/next, down/previous, left opens the
 * details; a tap pauses or plays and a double-tap likes. Pointer events cover touch, pen and mouse alike.
 */
export function useFeedGestures({
  onNext,
  onPrevious,
  onOpenDetails,
  onTap,
  onDoubleTap,
  enabled,
}: FeedGestureHandlers) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const lastWheel = useRef(0);
  const lastTap = useRef<TapPoint | null>(null);
  const pendingTap = useRef<ReturnType<typeof setTimeout> | null>(null);
  const handlers = useRef({ onNext, onPrevious, onOpenDetails, onTap, onDoubleTap });
  handlers.current = { onNext, onPrevious, onOpenDetails, onTap, onDoubleTap };
  useEffect(
    () => () => {
      if (pendingTap.current) clearTimeout(pendingTap.current);
    },
    [],
  );

  // The single tap waits out the double-tap window, so a double-tap likes without also pausing.
  const tapped = (event: PointerEvent) => {
    const box = event.currentTarget.getBoundingClientRect();
    const tap = { x: event.clientX - box.left, y: event.clientY - box.top, at: event.timeStamp };
    if (pendingTap.current) clearTimeout(pendingTap.current);
    pendingTap.current = null;
    if (isDoubleTap(lastTap.current, tap)) {
      lastTap.current = null;
      handlers.current.onDoubleTap({ x: tap.x, y: tap.y });
      return;
    }
    lastTap.current = tap;
    pendingTap.current = setTimeout(() => {
      pendingTap.current = null;
      handlers.current.onTap();
    }, DOUBLE_TAP_MS);
  };

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target))
        return;
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        handlers.current.onNext();
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        handlers.current.onPrevious();
      }
    };
    window.addEventListener('keydown', onKey);
    document.documentElement.setAttribute(FEED_KEYS_ATTRIBUTE, '');
    return () => {
      window.removeEventListener('keydown', onKey);
      document.documentElement.removeAttribute(FEED_KEYS_ATTRIBUTE);
    };
  }, [enabled]);

  return {
    onPointerDown: (event: PointerEvent) => {
      start.current = { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || !enabled) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (isTap(dx, dy)) {
        if (!onControl(event.target)) tapped(event);
        return;
      }
      const direction = swipeDirection(dx, dy);
      if (direction === 'up') handlers.current.onNext();
      else if (direction === 'down') handlers.current.onPrevious();
      else if (direction === 'left') handlers.current.onOpenDetails();
    },
    onPointerCancel: () => {
      start.current = null;
    },
    onWheel: (event: WheelEvent) => {
      if (!enabled || Math.abs(event.deltaY) < WHEEL_MIN_DELTA) return;
      const now = Date.now();
      if (now - lastWheel.current < WHEEL_COOLDOWN_MS) return;
      lastWheel.current = now;
      if (event.deltaY > 0) handlers.current.onNext();
      else handlers.current.onPrevious();
    },
  };
}

/**
 * The details panel closes on a rightward drag of more than 100 px (SPEC 2). A finger is read from touch events:
 * the panel scrolls vertically, and once the browser takes a touch for scrolling it cancels that pointer, while
 * touch events still end where the finger lifted. Mouse and pen drags use pointer events.
 */
export function useDismissDrag(onDismiss: () => void) {
  const startX = useRef<number | null>(null);
  const touchStartX = useRef<number | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      startX.current = event.pointerType === 'touch' ? null : event.clientX;
    },
    onPointerUp: (event: PointerEvent) => {
      const from = startX.current;
      startX.current = null;
      if (from !== null && shouldDismiss(event.clientX - from)) onDismiss();
    },
    onPointerCancel: () => {
      startX.current = null;
    },
    onTouchStart: (event: TouchEvent) => {
      touchStartX.current = event.touches.length === 1 ? event.touches[0]!.clientX : null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const from = touchStartX.current;
      touchStartX.current = null;
      const finger = event.changedTouches[0];
      if (from !== null && finger && shouldDismiss(finger.clientX - from)) onDismiss();
    },
    onTouchCancel: () => {
      touchStartX.current = null;
    },
  };
}

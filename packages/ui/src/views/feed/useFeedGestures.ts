import { useEffect, useRef, type PointerEvent, type WheelEvent } from 'react';
import { shouldDismiss, swipeDirection } from '@autoreel/core';

/** A trackpad sends dozens of wheel events per flick; one move per flick. */
export const WHEEL_COOLDOWN_MS = 600;
/** Wheel movement that counts as a deliberate scroll rather than jitter. */
export const WHEEL_MIN_DELTA = 20;

export interface FeedGestureHandlers {
  onNext: () => void;
  onPrevious: () => void;
  onOpenDetails: () => void;
  /** Keys and wheel only act while nothing covers the feed (an overlay, a text field). */
  enabled: boolean;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * Swipe (more than 50 px, SPEC 9), wheel and arrow keys on the feed: up/next, down/previous, left opens the
 * details. Pointer events cover touch, pen and mouse drags alike.
 */
export function useFeedGestures({ onNext, onPrevious, onOpenDetails, enabled }: FeedGestureHandlers) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const lastWheel = useRef(0);
  const handlers = useRef({ onNext, onPrevious, onOpenDetails });
  handlers.current = { onNext, onPrevious, onOpenDetails };

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
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);

  return {
    onPointerDown: (event: PointerEvent) => {
      start.current = { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || !enabled) return;
      const direction = swipeDirection(event.clientX - from.x, event.clientY - from.y);
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

/** The details panel closes on a rightward drag of more than 100 px (SPEC 2). */
export function useDismissDrag(onDismiss: () => void) {
  const startX = useRef<number | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      startX.current = event.clientX;
    },
    onPointerUp: (event: PointerEvent) => {
      const from = startX.current;
      startX.current = null;
      if (from !== null && shouldDismiss(event.clientX - from)) onDismiss();
    },
    onPointerCancel: () => {
      startX.current = null;
    },
  };
}

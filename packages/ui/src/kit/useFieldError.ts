import { useEffect, useRef, useState, type RefObject } from 'react';

export interface FieldError<E extends HTMLElement> {
  /** The error to show now: the one given, unless the user has changed the field since it was given. */
  shown: string | null;
  /** On the field's frame: a submit of the form around it shows the error again if the form gives it again. */
  frameRef: RefObject<E | null>;
  /** The user changed the field's value. */
  edited: () => void;
}

/**
 * A field's error as the user sees it: shown when the form gives it, gone as soon as the user changes the field
 * (the message was about what they are now fixing), and shown again when it changes or the form is submitted with
 * it still there. A `live` error is worked out from the value as it is typed, so it stays while the user types.
 */
export function useFieldError<E extends HTMLElement>(
  error: string | null | undefined,
  live = false,
): FieldError<E> {
  const given = error || null;
  const [last, setLast] = useState(given);
  const [edited, setEdited] = useState(false);
  if (given !== last) {
    // A new message (or none, then the same again) is news: it shows until the next change.
    setLast(given);
    setEdited(false);
  }
  const frameRef = useRef<E | null>(null);
  useEffect(() => {
    const form = frameRef.current?.closest('form');
    if (!form) return;
    const submitted = () => setEdited(false);
    form.addEventListener('submit', submitted);
    return () => form.removeEventListener('submit', submitted);
  }, []);
  return {
    shown: live || !edited ? given : null,
    frameRef,
    edited: () => {
      if (given && !live) setEdited(true);
    },
  };
}

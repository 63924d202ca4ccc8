import { useEffect, useRef } from 'react';
import type { ApiMessage, ReadReceipt } from './types.ts';

/** What the message stream tells the open screens. */
export type MessageStreamEvent =
  | { type: 'message'; message: ApiMessage }
  | { type: 'read'; receipt: ReadReceipt }
  /** The stream connected again: what happened meanwhile was not replayed, so reload. */
  | { type: 'reconnected' };

type Listener = (event: MessageStreamEvent) => void;

const listeners = new Set<Listener>();

export function emitMessageStreamEvent(event: MessageStreamEvent): void {
  for (const listener of listeners) listener(event);
}

export function subscribeMessageStream(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls the latest `handler` for every stream event while the component is mounted. */
export function useMessageStreamEvents(handler: Listener): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribeMessageStream((event) => latest.current(event)), []);
}

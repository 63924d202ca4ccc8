import { readMessageStreamEvent, type MessageStreamEvent } from '@autoreel/core';
import type { ServerEvent } from './sse-parser.ts';

/** A server event of GET /messages/stream as the contract's union, or undefined for one it does not list. */
export function readStreamEvent(event: ServerEvent): MessageStreamEvent | undefined {
  return readMessageStreamEvent(event.event, event.data);
}

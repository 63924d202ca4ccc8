import type { StreamPath, StreamPathEvent, StreamRouteKey } from '@autoreel/core';
import type * as StreamEvents from '@autoreel/core/contract/stream-events';
import type { ServerEvent } from './sse-parser.ts';

/**
 * The contract's reader of stream events checks them with its zod schemas: it loads with the first event, so a
 * first screen's JavaScript does without the schema library (only a signed-in visitor has a stream).
 */
let reader: Promise<typeof StreamEvents> | null = null;

/**
 * Reads each raw event of a stream by its route's union in the contract, in the order the events arrived (one
 * promise serves them all); an event the union does not list is dropped.
 */
export function contractEvents<P extends StreamPath>(
  path: P,
  onEvent: (event: StreamPathEvent<P>) => void,
): (serverEvent: ServerEvent) => void {
  const key = `GET ${path}` as `GET ${P}` & StreamRouteKey;
  return (serverEvent) => {
    reader ??= import('@autoreel/core/contract/stream-events');
    void reader.then(({ readStreamEvent }) => {
      const event = readStreamEvent(key, serverEvent.event, serverEvent.data);
      if (event) onEvent(event);
    });
  };
}
